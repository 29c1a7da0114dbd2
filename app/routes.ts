import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/shop/home.tsx"),
  // One record page under the three addresses of spec §2; all 301 to the canonical /vinyl/{id}-{slug}.
  route("track/:identifier", "routes/shop/record.tsx", { id: "record-by-track" }),
  route("vinyl/*", "routes/shop/record.tsx", { id: "record-by-vinyl" }),
  route("pre-order/*", "routes/shop/record.tsx", { id: "record-by-pre-order" }),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
