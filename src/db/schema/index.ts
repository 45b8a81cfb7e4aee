export * from "./accounts";
export * from "./articles";
export * from "./inventory";
export * from "./billing";
export * from "./media";
export * from "./sites";
export * from "./tokens";
export * from "./plans";
