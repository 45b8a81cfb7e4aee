// `npm run connector:bundle`: writes src/sites/connector-files.generated.ts from the plugin's files.
import { writeFileSync } from "node:fs";
import { connectorModule, MODULE_PATH } from "./connector-bundle-lib.mjs";

writeFileSync(MODULE_PATH, connectorModule());
console.log(`wrote ${MODULE_PATH}`);
