import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/shop/home.tsx"),
  route("browse", "routes/shop/browse.tsx"),
  route("new-releases", "routes/shop/new-releases.tsx"),
  route("allvinyl", "routes/shop/all-vinyl.tsx"),
  route("pre-orders", "routes/shop/pre-orders.tsx"),
  route("genres", "routes/shop/genres.tsx"),
  route("image-performance-test", "routes/shop/image-performance-test.tsx"),
  // One record page under the three addresses of spec §2; all 301 to the canonical /vinyl/{id}-{slug}.
  route("track/:identifier", "routes/shop/record.tsx", { id: "record-by-track" }),
  route("vinyl/*", "routes/shop/record.tsx", { id: "record-by-vinyl" }),
  route("pre-order/*", "routes/shop/record.tsx", { id: "record-by-pre-order" }),
  // Old addresses (spec §2).
  route("pre-order", "routes/redirects/pre-order.ts"),
  route("vinyl-explorer", "routes/redirects/vinyl-explorer.ts"),
  route("auth", "routes/auth/auth.tsx"),
  route("reset-password", "routes/auth/reset-password.tsx"),
  route("logout", "routes/account/logout.ts"),
  route("profile", "routes/account/profile.tsx"),
  route("admin", "routes/admin/dashboard.tsx"),
  route("admin/*", "routes/admin/section.tsx", { id: "admin-section" }),
  route("marketing-tools", "routes/admin/section.tsx", { id: "marketing-tools" }),
  route("dev/outbox", "routes/dev/outbox.tsx"),
  route("sitemap.xml", "routes/seo/sitemap.ts"),
  route("robots.txt", "routes/seo/robots.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
