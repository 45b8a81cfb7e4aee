export * from "./accounts";
export * from "./articles";
export * from "./billing";
export * from "./sites";
export * from "./tokens";
