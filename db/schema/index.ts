export * from "./records";
export * from "./users";
export * from "./newsletter";
export * from "./orders";
export * from "./favourites";
export * from "./content";
export * from "./system";
export * from "./auth";
