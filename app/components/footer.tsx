import { useContext } from "react";
import { ShopLink } from "~/components/shop-link";
import { FOOTER_LINKS } from "~/domain/navigation/nav-sections";
import { KeptHtmlContext, keptPartWithSlot, type KeptWrapper } from "./kept-html";
import { NewsletterForm } from "./newsletter/newsletter-form";

const FOOTER_WRAPPER: KeptWrapper = { tag: "footer", className: "mt-16 bg-ink text-stone-300" };

/**
 * The footer: the newsletter sign-up, quick links and a word about the shop. Its markup on the server depends only
 * on the year and the address the sign-up comes back to without JavaScript, so the server keeps it as finished HTML
 * with a slot for the address (decision 53).
 */
export function Footer({ redirectTo }: { redirectTo: string }) {
  const keptHtml = useContext(KeptHtmlContext);
  const year = new Date().getFullYear();
  const render = (address: string) => <FooterParts year={year} redirectTo={address} />;
  return keptHtml ? keptPartWithSlot(keptHtml, `footer:${year}`, FOOTER_WRAPPER, redirectTo, render) : render(redirectTo);
}

function FooterParts({ year, redirectTo }: { year: number; redirectTo: string }) {
  return (
    <footer className={FOOTER_WRAPPER.className}>
      <div className="foot-grid">
        <section aria-labelledby="footer-newsletter">
          <h2 id="footer-newsletter" className="foot-head">
            Newsletter
          </h2>
          <p className="mt-3 text-sm">
            New arrivals, restocks and pre-orders once a week — and 10% off your first order when you sign up.
          </p>
          <NewsletterForm redirectTo={redirectTo} />
        </section>
        <section aria-labelledby="footer-links">
          <h2 id="footer-links" className="foot-head">
            Quick links
          </h2>
          <ul className="foot-links">
            {FOOTER_LINKS.map((l) => (
              <li key={l.to}>
                <ShopLink to={l.to}>{l.label}</ShopLink>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="foot-head">
            About Needledrop
          </h2>
          <p className="mt-3 text-sm">
            An independent record shop for collectors across the UK: new pressings, reissues and pre-orders, picked by people who
            still queue on Record Store Day. Orders ship by Royal Mail.
          </p>
        </section>
      </div>
      <p className="foot-note">© {year} Needledrop Records Ltd. All prices include VAT.</p>
    </footer>
  );
}
