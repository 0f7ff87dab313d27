/** After a failed check, the first field MUI marks invalid takes the focus (once React has rendered it). */
export function focusFirstInvalid(form: Element): void {
  window.requestAnimationFrame(() => {
    form.querySelector<HTMLElement>('input[aria-invalid="true"], textarea[aria-invalid="true"]')?.focus();
  });
}
