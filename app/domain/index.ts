// Public surface of the domain module; test-records is test-only and not exported.
export * from "./types";
export * from "./money";
export * from "./shipping";
export * from "./slug";
export * from "./stock";
export * from "./pre-order";
export * from "./hiding";
export * from "./home-filters";
export * from "./formats";
export * from "./genres";
export * from "./cover";
export * from "./structured-data";
export * from "./record-api";
