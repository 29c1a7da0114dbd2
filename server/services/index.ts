import type { Db } from "../../db/client";
import path from "node:path";
import { createBrowseService } from "./browse";
import { createCareService } from "./care";
import { createChatService } from "./chat";
import { createNewsletterService } from "./newsletter";
import { createRecommendationsService } from "./recommendations";
import { createSearchService } from "./search";
import { createCrateService } from "./crate";
import { createMagazineService } from "./magazine";
import { createCatalogueService } from "./catalogue";
import { createHomeService } from "./home";
import { createImageService } from "./images";
import { createMediaService } from "./media";
import { createMailTransport, type MailTransport } from "../mail/transport";
import { createMailLinks, mailOrigin, type MailLinks } from "../mail/links";
import { createAccountsService, type RateLimitOverrides } from "./accounts";
import { createRateLimits, rateLimitTable } from "../auth/rate-limits";
import { createThrottle } from "../auth/throttle";
import { createAdminService } from "./admin";
import { createAdminOrdersService } from "./admin-orders";
import { createAdminReturnsService } from "./admin-returns";
import { createReturnLabelLinks } from "./return-label-link";
import { createAdminCatalogueService } from "./admin-catalogue";
import { createAuditService } from "./audit";
import { createFormSubmissionsService } from "./form-submissions";
import { createOrderActivityService } from "./order-activity";
import { createAdminShippingService } from "./admin-shipping";
import { createAdminStockService } from "./admin-stock";
import { createAdminScheduleService } from "./admin-schedule";
import { createBusinessAnalysisService } from "./business-analysis";
import { createMailService } from "./mail";
import { createSessionsService } from "./sessions";
import { createStaffAccessService } from "./staff-access";
import { createStaffService } from "./staff";
import { createTwoFactorService } from "./two-factor";
import { createPasskeysService } from "./passkeys";
import { createSecretBox, loadSecretKey } from "../auth/secret-box";
import { requiresTwoFactor } from "../../app/domain/staff/permissions";
import { createCartService } from "./cart";
import { createDeliveryAdminService } from "./delivery-admin";
import { createDeliverySettingsService } from "./delivery-settings";
import { createCartRemindersService } from "./cart-reminders";
import { createCheckoutService } from "./checkout";
import { createGiftVouchersService } from "./gift-vouchers";
import { createDiscountsService } from "./discounts";
import { createAdminDiscountsService } from "./admin-discounts";
import { createFavouritesService } from "./favourites";
import { createOrdersService } from "./orders";
import { createLimitedSalesService } from "./limited-sales";
import { createDropsService } from "./drops";
import { createClubService } from "./club";
import { createVoucherMail } from "./voucher-mail";
import { createAdminVouchersService } from "./admin-vouchers";
import { createCustomerVouchersService } from "./customer-vouchers";
import { createReturnsService } from "./returns";
import { createReturnGrants } from "./return-grants";
import { createWantsService } from "./wants";
import { createPreOrderChargesService, preOrderChargeGuard } from "./pre-order-charges";
import { createDiscogsInventoryService } from "./discogs-inventory";
import { createUsedCopiesService } from "./used-copies";
import { createIntakeService } from "./intake";
import { createCopyPhotosService } from "./copy-photos";
import { createCurationService } from "./curation";
import { createAdminSubscribersService } from "./admin-subscribers";
import { createAdminCustomersService } from "./admin-customers";
import { createCampaignsService } from "./campaigns";
import { createSlidesService } from "./slides";
import { createInstagramService } from "./instagram";
import type { InstagramPublisher } from "../instagram/publisher";
import type { DiscogsClient } from "../discogs/discogs-client";
import { createDiscogsSyncService } from "./discogs-sync";
import { createStockPurchasesService } from "./stock-purchases";
import { createStockBookService } from "./stock-book";
import { createTestSubscriptionPayments } from "../payments/subscriptions";
import { createTestCardProvider } from "../payments/test-card";
import type { SubscriptionPayments } from "../../app/domain/payments/club-payments";
import type { PaymentProvider } from "../../app/domain/payments/order-payments";

export interface AuthServiceOptions {
  /** SMTP server for outgoing mail; without it mail stays queued in email_outbox. Defaults to env SMTP_URL. */
  smtpUrl?: string;
  /** Without an SMTP server: a directory that receives each sent message as a file. Defaults to env MAIL_DIR. */
  mailDir?: string;
  /** Another way to send mail (tests catch messages with it); overrides smtpUrl and mailDir. */
  mailTransport?: MailTransport;
  /** Sender address. Defaults to env MAIL_FROM. */
  mailFrom?: string;
  /** Every rate limit multiplied by this (RATE_LIMIT_FACTOR); 1 by default. */
  rateLimitFactor?: number;
  /** Limits a test sets itself, after the factor. */
  rateLimits?: RateLimitOverrides;
  /** How orders are paid for; the offline test card form by default. */
  payments?: PaymentProvider;
  /** How the record club takes monthly payments: the offline test card by default, or Stripe Billing. */
  clubPayments?: SubscriptionPayments;
  /** The shop's public origin for links in e-mail; defaults to env PUBLIC_ORIGIN, else http://localhost:PORT. */
  publicOrigin?: string;
  /** Publishes planned Instagram posts; none (posting by hand) unless the Graph API is configured. */
  instagramPublisher?: InstagramPublisher | null;
  /** Discogs's API (the sync, intake's release search); off (null) unless configured with a token. */
  discogs?: DiscogsClient | null;
  /**
   * The shop's 32-byte key for secrets it must read back (authenticator apps' keys). By default env SECRET_KEY, else
   * a key file made beside the database (server/auth/secret-box.ts).
   */
  secretKey?: Uint8Array;
  /** The shop's Royal Mail Tracked Returns reference for prepaid return labels; defaults to env ROYAL_MAIL_RETURNS_REFERENCE. */
  returnsReference?: string | null;
  /** The shop's IOSS and EORI numbers; default to env IOSS_NUMBER and EORI_NUMBER (null: none). */
  iossNumber?: string | null;
  eoriNumber?: string | null;
}

function createAuthServices(db: Db, options: AuthServiceOptions, links: MailLinks) {
  const sessions = createSessionsService(db);
  const mail = createMailService(db, {
    transport:
      options.mailTransport ??
      createMailTransport(options.smtpUrl ?? process.env.SMTP_URL, options.mailDir ?? process.env.MAIL_DIR),
    from: options.mailFrom ?? (process.env.MAIL_FROM || undefined),
  });
  // One throttle counts every limit: sign-in in the accounts service, the rest where adapters take them.
  const rateLimits = createRateLimits(createThrottle(db), rateLimitTable(options.rateLimitFactor, options.rateLimits));
  const accounts = createAccountsService(db, { sessions, mail, links, rateLimits });
  return { sessions, mail, accounts, rateLimits };
}

/** Every use case the adapters may call, bound to one database handle. */
export function createServices(db: Db, { mediaDir, ...auth }: { mediaDir: string } & AuthServiceOptions) {
  // Links in mail come from configuration only, never from a request (see server/mail/links.ts).
  const publicOrigin = mailOrigin({ PUBLIC_ORIGIN: auth.publicOrigin ?? process.env.PUBLIC_ORIGIN, PORT: process.env.PORT });
  const links = createMailLinks(publicOrigin);
  const authServices = createAuthServices(db, auth, links);
  const discounts = createDiscountsService(db);
  const deliverySettings = createDeliverySettingsService(db, { iossNumber: auth.iossNumber, eoriNumber: auth.eoriNumber });
  const cart = createCartService(db, { discounts, deliverySettings });
  const wants = createWantsService(db, { mail: authServices.mail, links, rateLimits: authServices.rateLimits });
  // Registers the voucher code mail's minter in every process, so any process may send a queued code mail.
  const voucherMail = createVoucherMail(db, { mail: authServices.mail, links });
  const limitedSales = createLimitedSalesService(db);
  // A drop's fair queue: only a browser holding a copy may buy it (sale-guards.ts).
  const drops = createDropsService(db);
  const orders = createOrdersService(db, {
    cart,
    deliverySettings,
    discounts,
    mail: authServices.mail,
    links,
    wants,
    voucherMail,
    // The on-sale time and the limit first (their refusal says the most), then the drop's hold, then how it is charged.
    saleGuards: [limitedSales.guard, drops.saleGuard(), preOrderChargeGuard()],
  });
  const audit = createAuditService(db);
  const staffAccess = createStaffAccessService(db, { audit });
  const secretKey = auth.secretKey ?? loadSecretKey({ envValue: process.env.SECRET_KEY, databaseFile: db.$client.name });
  const twoFactor = createTwoFactorService(db, {
    box: createSecretBox(secretKey),
    key: secretKey,
    rateLimits: authServices.rateLimits,
    audit,
    requiredFor: (userId) => requiresTwoFactor(staffAccess.roleOf(userId), staffAccess.twoFactorRequiredForAll()),
  });
  // The relying party is the shop's configured public origin, like links in mail: never a request's Host header.
  const passkeys = createPasskeysService(db, {
    origin: publicOrigin,
    rateLimits: authServices.rateLimits,
    audit,
    hasTwoFactor: (userId) => twoFactor.isEnabled(userId),
  });
  const payments = auth.payments ?? createTestCardProvider();
  const adminStock = createAdminStockService(db, { audit, wants });
  const preOrderCharges = createPreOrderChargesService(db, {
    orders,
    payments,
    mail: authServices.mail,
    links,
    audit,
    wants,
    stock: adminStock,
  });
  const checkout = createCheckoutService({ orders, payments, preOrders: preOrderCharges });
  const copyPhotos = createCopyPhotosService(db, { mediaDir, audit });
  const media = createMediaService(db, mediaDir);
  const adminOrders = createAdminOrdersService(db, {
    orders,
    audit,
    mail: authServices.mail,
    links,
    payments,
    wants,
    voucherMail,
  });
  const usedCopies = createUsedCopiesService(db, { audit, wants, photos: copyPhotos });
  const stockPurchases = createStockPurchasesService(db, { audit, usedCopies });
  const adminReturns = createAdminReturnsService(db, {
    audit,
    mail: authServices.mail,
    links,
    adminOrders,
    usedCopies,
    voucherMail,
    wants,
    labels: createReturnLabelLinks(secretKey),
    returnsReference:
      auth.returnsReference !== undefined ? auth.returnsReference : process.env.ROYAL_MAIL_RETURNS_REFERENCE?.trim() || null,
    mediaDir,
  });
  return {
    ...authServices,
    /** Drops: the waiting room, its ballot and holds (app/domain/drops). */
    drops,
    /** Delivery abroad: rate table, packaging weight, euro rate, IOSS and EORI numbers (app/domain/international). */
    deliverySettings,
    /** The back office's changes to rates, packaging, the euro rate, label origins and records' customs facts. */
    deliveryAdmin: createDeliveryAdminService(db, { audit, settings: deliverySettings }),
    /** Links to the shop's own pages from its configured origin, for mail and print (never a request's Host). */
    links,
    /** Discogs's API when a token is configured, else null (everything Discogs is switched off). */
    discogsClient: auth.discogs ?? null,
    /** Used copies listed on Discogs and Discogs's orders taken in (off without a client). */
    discogsSync: createDiscogsSyncService(db, { client: auth.discogs ?? null, audit }),
    audit,
    formSubmissions: createFormSubmissionsService(db),
    staffAccess,
    twoFactor,
    passkeys,
    staff: createStaffService(db, { audit, mail: authServices.mail, links, sessions: authServices.sessions }),
    adminShipping: createAdminShippingService(db, { deliverySettings }),
    adminStock,
    businessAnalysis: createBusinessAnalysisService(db),
    admin: createAdminService(db, { stock: adminStock }),
    adminSchedule: createAdminScheduleService(db, { audit, mail: authServices.mail, links, wants }),
    adminCatalogue: createAdminCatalogueService(db, { mediaDir, wants, audit, copies: usedCopies }),
    wants,
    usedCopies,
    intake: createIntakeService(db, { usedCopies, audit, discogs: auth.discogs ?? null }),
    discogsInventory: createDiscogsInventoryService(db, { audit }),
    copyPhotos,
    stockPurchases,
    stockBook: createStockBookService(db),
    curation: createCurationService(db, { audit }),
    adminSubscribers: createAdminSubscribersService(db),
    adminCustomers: createAdminCustomersService(db),
    campaigns: createCampaignsService(db, { mail: authServices.mail, links, audit }),
    slides: createSlidesService(db, { mediaDir, audit }),
    instagram: createInstagramService(db, {
      mediaDir,
      publicDir: path.resolve("public"),
      audit,
      publicOrigin,
      publisher: auth.instagramPublisher ?? null,
    }),
    discounts,
    adminDiscounts: createAdminDiscountsService(db, { audit }),
    cart,
    cartReminders: createCartRemindersService(db, { cart, mail: authServices.mail, links }),
    orders,
    limitedSales,
    checkout,
    /** Pre-orders charged when they ship: the setting, saved cards, dispatch charges, pay links, the hold sweep. */
    preOrderCharges,
    giftVouchers: createGiftVouchersService(db, {
      orders,
      checkout,
      voucherMail,
      mail: authServices.mail,
      links,
      rateLimits: authServices.rateLimits,
    }),
    adminOrders,
    adminReturns,
    orderActivity: createOrderActivityService(db, { audit }),
    club: createClubService(db, {
      payments: auth.clubPayments ?? createTestSubscriptionPayments(),
      mail: authServices.mail,
      links,
      audit,
    }),
    favourites: createFavouritesService(db),
    catalogue: createCatalogueService(db),
    media,
    home: createHomeService(db),
    browse: createBrowseService(db),
    magazine: createMagazineService(db),
    care: createCareService(db),
    crate: createCrateService(db),
    search: createSearchService(db),
    recommendations: createRecommendationsService(db),
    newsletter: createNewsletterService(db, { mail: authServices.mail, links }),
    chat: createChatService(db),
    voucherMail,
    adminVouchers: createAdminVouchersService(db, { audit, voucherMail }),
    customerVouchers: createCustomerVouchersService(db),
    // Registers the dispatch mail's return-link minter, so any process may send a queued dispatch mail.
    returns: createReturnsService(db, { mail: authServices.mail, links, photos: copyPhotos }),
    returnGrants: createReturnGrants(secretKey),
    images: createImageService({
      mediaDir,
      publicDir: path.resolve("public"),
      cacheDir: path.join(mediaDir, "resized"),
      makeMissingCover: async (file) => (await media.coverFile(file.replace(/\.jpg$/, ""))) !== null,
    }),
  };
}

export type Services = ReturnType<typeof createServices>;
