export * from "./accounts";
export * from "./articles";
export * from "./sites";
export * from "./tokens";
