import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  index("routes/shop/home.tsx"),
  route("browse", "routes/shop/browse.tsx"),
  route("new-releases", "routes/shop/new-releases.tsx"),
  route("allvinyl", "routes/shop/all-vinyl.tsx"),
  route("pre-orders", "routes/shop/pre-orders.tsx"),
  route("genres", "routes/shop/genres.tsx"),
  route("image-performance-test", "routes/shop/image-performance-test.tsx"),
  route("virtual-crate-dig", "routes/shop/crate-dig.tsx"),
  route("blog", "routes/magazine/blog-index.tsx"),
  route("blog/rss.xml", "routes/magazine/rss.ts"),
  route("blog/tag/:tag", "routes/magazine/blog-tag.tsx"),
  route("blog/artist/:artistName", "routes/magazine/blog-artist.tsx"),
  route("blog/:slug", "routes/magazine/blog-post.tsx"),
  route("vinyl-care", "routes/magazine/vinyl-care.tsx"),
  route("help", "routes/shop/help.tsx"),
  // One record page under the three addresses of spec §2; all 301 to the canonical /vinyl/{id}-{slug}.
  route("track/:identifier", "routes/shop/record.tsx", { id: "record-by-track" }),
  route("vinyl/*", "routes/shop/record.tsx", { id: "record-by-vinyl" }),
  route("pre-order/*", "routes/shop/record.tsx", { id: "record-by-pre-order" }),
  // Old addresses (spec §2).
  route("pre-order", "routes/redirects/pre-order.ts"),
  route("vinyl-explorer", "routes/redirects/vinyl-explorer.ts"),
  route("cart", "routes/shop/cart.tsx"),
  route("return-label/:returnNumber", "routes/shop/return-label.tsx"),
  route("cart/restore", "routes/shop/cart-restore.tsx"),
  route("cart-reminders/stop", "routes/shop/cart-reminders-stop.tsx"),
  route("favorites", "routes/account/favorites.tsx"),
  // Returns, the shopper's side: a guest's look-up, the dispatch mail's link, the form, and one return.
  route("returns", "routes/returns/returns-lookup.tsx"),
  route("returns/start", "routes/returns/return-start.tsx"),
  route("returns/new", "routes/returns/return-request.tsx"),
  route("returns/:returnNumber", "routes/returns/return-page.tsx"),
  route("checkout", "routes/checkout/checkout.tsx"),
  route("payment-confirmation", "routes/checkout/payment-confirmation.tsx"),
  // A held pre-order's mailed link after its dispatch charge was declined: pay with another card.
  route("pay/:orderNumber", "routes/checkout/pay-held-order.tsx"),
  route("gift-vouchers", "routes/gift-vouchers/buy.tsx"),
  route("gift-vouchers/voucher", "routes/gift-vouchers/voucher.tsx"),
  route("gift-vouchers/balance", "routes/gift-vouchers/balance.tsx"),
  route("auth", "routes/auth/auth.tsx"),
  route("auth/two-factor", "routes/auth/two-factor.tsx"),
  route("auth/two-factor/passkey", "routes/auth/passkey.ts"),
  route("reset-password", "routes/auth/reset-password.tsx"),
  route("logout", "routes/account/logout.ts"),
  route("profile", "routes/account/profile.tsx"),
  route("profile/sessions", "routes/account/sessions.tsx"),
  route("profile/two-factor", "routes/account/two-factor.tsx"),
  route("profile/two-factor/passkey", "routes/account/passkey.ts"),
  route("recommendations", "routes/account/recommendations.tsx"),
  route("subscribe", "routes/account/subscribe.tsx"),
  route("subscription-confirmation", "routes/account/subscription-confirmation.tsx"),
  route("newsletter", "routes/newsletter/subscribe.tsx"),
  route("unsubscribe", "routes/newsletter/unsubscribe.tsx"),
  route("wants/confirm", "routes/wants/confirm.tsx"),
  route("wants/unsubscribe", "routes/wants/unsubscribe.tsx"),
  route("staff-invite", "routes/staff/staff-invite.tsx"),
  layout("routes/admin/layout.tsx", [
    route("admin", "routes/admin/dashboard.tsx"),
    // Orders (each block belongs to one section; keep a section's routes together).
    route("admin/order-management", "routes/admin/orders/order-list.tsx"),
    // Pre-orders: when they are charged (shop-wide).
    route("admin/pre-orders", "routes/admin/pre-orders/pre-order-settings.tsx"),
    route("admin/order-management/export.csv", "routes/admin/orders/order-export.ts"),
    route("admin/order-management/:orderNumber", "routes/admin/orders/order-detail.tsx"),
    // Gift vouchers and store credit: the list, goodwill credit for a customer, and one voucher.
    route("admin/gift-vouchers", "routes/admin/vouchers/voucher-list.tsx"),
    route("admin/gift-vouchers/store-credit", "routes/admin/vouchers/goodwill-credit.tsx"),
    route("admin/gift-vouchers/:voucherId", "routes/admin/vouchers/voucher-detail.tsx"),
    // Drops: records sold through a fair queue.
    route("admin/drops", "routes/admin/drops/drop-list.tsx"),
    route("admin/drops/:recordId", "routes/admin/drops/drop-detail.tsx"),
    // Shipping.
    route("admin/limited", "routes/admin/limited/limited.tsx"),
    route("admin/returns", "routes/admin/returns/return-list.tsx"),
    route("admin/returns/:returnNumber", "routes/admin/returns/return-detail.tsx"),
    route("admin/returns/:returnNumber/label", "routes/admin/returns/return-label.tsx"),
    route("admin/returns/:returnNumber/photos/:photoId", "routes/admin/returns/return-photo.ts"),

    route("admin/shipping-management", "routes/admin/shipping/shipping-queue.tsx"),
    route("admin/shipping-management/pre-order-batch", "routes/admin/shipping/pre-order-batch.ts"),
    route("admin/shipping-management/print", "routes/admin/shipping/shipping-print.tsx"),
    // Delivery rates, packaging, the euro rate, label origins; records relying on default customs facts.
    route("admin/delivery", "routes/admin/delivery/delivery-settings.tsx"),
    route("admin/delivery/missing", "routes/admin/delivery/missing-customs.tsx"),
    route("admin/shipping-management/click-and-drop.csv", "routes/admin/shipping/click-and-drop-export.ts"),
    route("admin/shipping-management/tracking", "routes/admin/shipping/tracking-paste.tsx"),
    // Stock.
    route("admin/stock-management", "routes/admin/stock/stock-list.tsx"),
    route("admin/stock-management/goods-in", "routes/admin/stock/goods-in.tsx"),
    route("admin/stock-management/:recordId", "routes/admin/stock/stock-record.tsx"),
    // Catalogue.
    route("admin/catalog-update", "routes/admin/catalogue/catalogue-list.tsx"),
    route("admin/catalog-update/new", "routes/admin/catalogue/record-edit.tsx", { id: "admin-record-new" }),
    route("admin/catalog-update/import", "routes/admin/catalogue/import.tsx"),
    route("admin/catalog-update/import/report.csv", "routes/admin/catalogue/import-report.ts"),
    route("admin/catalog-update/export.csv", "routes/admin/catalogue/export.ts"),
    route("admin/catalog-update/discogs-inventory.csv", "routes/admin/catalogue/discogs-inventory.ts"),
    route("admin/catalog-update/:recordId", "routes/admin/catalogue/record-edit.tsx", { id: "admin-record-edit" }),

    route("admin/intake", "routes/admin/intake/intake.tsx"),
    route("admin/intake/labels", "routes/admin/intake/shelf-labels.tsx"),
    // Schedule.
    route("admin/schedule-management", "routes/admin/schedule/schedule.tsx"),
    // Record club.
    route("admin/record-club", "routes/admin/club/record-club.tsx"),
    // Customers: the list, its CSV and one customer whole.
    route("admin/customers", "routes/admin/customers/customer-list.tsx"),
    route("admin/customers/export.csv", "routes/admin/customers/customer-export.ts"),
    route("admin/customers/:userId", "routes/admin/customers/customer-detail.tsx"),

    route("admin/purchases", "routes/admin/purchases/purchase-list.tsx"),
    route("admin/purchases/new", "routes/admin/purchases/purchase-new.tsx"),
    route("admin/purchases/:reference", "routes/admin/purchases/purchase-record.tsx"),
    route("admin/stock-book", "routes/admin/vat/stock-book.tsx"),
    route("admin/stock-book.csv", "routes/admin/vat/stock-book-csv.ts"),
    route("admin/stock-book/summary.csv", "routes/admin/vat/margin-summary-csv.ts"),
    route("admin/vat-report", "routes/admin/vat/vat-report.tsx"),
    route("admin/vat-report.csv", "routes/admin/vat/vat-report-csv.ts"),

    route("admin/business-analysis", "routes/admin/analysis/business-analysis.tsx"),
    route("admin/business-analysis.csv", "routes/admin/analysis/business-analysis-csv.ts"),
    // Marketing tools: discount codes, curated lists, the home page's slides.
    route("marketing-tools", "routes/admin/marketing/marketing-tools.tsx"),
    route("marketing-tools/lists", "routes/admin/marketing/curated-lists.tsx"),
    route("marketing-tools/slides", "routes/admin/marketing/slides.tsx"),
    route("marketing-tools/slides/:slideId", "routes/admin/marketing/slide-edit.tsx"),
    // Email marketing: the newsletter's subscribers.
    route("admin/email-marketing", "routes/admin/email-marketing/subscribers.tsx"),
    route("admin/email-marketing/subscribers.csv", "routes/admin/email-marketing/subscribers-csv.ts"),
    route("admin/email-marketing/campaigns/new", "routes/admin/email-marketing/campaign-new.tsx"),
    route("admin/email-marketing/campaigns/:campaignId", "routes/admin/email-marketing/campaign.tsx"),
    // Instagram.
    route("admin/discogs", "routes/admin/discogs/discogs.tsx"),

    route("admin/instagram-management", "routes/admin/instagram/instagram.tsx"),
    route("admin/instagram-management/:postId/image.jpg", "routes/admin/instagram/instagram-image.ts"),
    route("admin/instagram-management/:postId/caption.txt", "routes/admin/instagram/instagram-caption.ts"),
    // Staff: who runs the shop, their roles and invitations; the audit log (every back-office change) and its CSV.
    route("admin/staff", "routes/admin/staff/staff.tsx"),
    route("admin/audit-log", "routes/admin/audit/audit-log.tsx"),
    route("admin/audit-log.csv", "routes/admin/audit/audit-log-csv.ts"),
    // Sections not built yet: guarded like the rest, then 404.
    route("admin/*", "routes/admin/section.tsx", { id: "admin-section" }),
  ]),
  route("dev/outbox", "routes/dev/outbox.tsx"),
  route("sitemap.xml", "routes/seo/sitemap.ts"),
  route("robots.txt", "routes/seo/robots.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
