import { Link } from "react-router";
import { FOOTER_LINKS } from "~/domain/navigation/nav-sections";
import { NewsletterSignUp } from "./newsletter/newsletter-sign-up";

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="mt-16 bg-ink text-stone-300">
      <div className="foot-grid">
        <section aria-labelledby="footer-newsletter">
          <h2 id="footer-newsletter" className="foot-head">
            Newsletter
          </h2>
          <p className="mt-3 text-sm">
            New arrivals, restocks and pre-orders once a week — and 10% off your first order when you sign up.
          </p>
          <NewsletterSignUp />
        </section>
        <section aria-labelledby="footer-links">
          <h2 id="footer-links" className="foot-head">
            Quick links
          </h2>
          <ul className="foot-links">
            {FOOTER_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to}>{l.label}</Link>
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
      <p className="foot-note">© {year} Needledrop Records Ltd. UK prices include VAT.</p>
    </footer>
  );
}
