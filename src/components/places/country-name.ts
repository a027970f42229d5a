// A country's name in the interface language: from Intl where the browser knows the language, else from
// our messages (src/lib/display-names.ts).
export { countryName } from "../../lib/display-names.ts";
