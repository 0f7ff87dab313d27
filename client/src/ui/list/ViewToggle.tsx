import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";

interface ViewToggleProps<View extends string> {
  /** The group's accessible name ("Which carriers"). */
  label: string;
  views: readonly View[];
  labels: Record<View, string>;
  /** null: the first view, the list's default. */
  value: View | null;
  /** The default view comes back as null, so the address leaves it out. */
  onChange(view: View | null): void;
}

/** A list filter with a few exclusive views ('Open', 'Invited', ...), in the list toolbar. */
export function ViewToggle<View extends string>({
  label,
  views,
  labels,
  value,
  onChange,
}: ViewToggleProps<View>) {
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={value ?? views[0]}
      onChange={(_event, next: View | null) => next && onChange(next === views[0] ? null : next)}
      aria-label={label}
    >
      {views.map((view) => (
        <ToggleButton key={view} value={view}>
          {labels[view]}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
