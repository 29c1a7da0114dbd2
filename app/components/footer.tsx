import { Link } from "react-router";
import { FOOTER_LINKS } from "~/domain/navigation/nav-sections";
import { NewsletterForm } from "./newsletter/newsletter-form";

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="mt-16 bg-ink text-stone-300">
      <div className="mx-auto grid max-w-6xl gap-10 px-6 py-12 md:grid-cols-3">
        <section aria-labelledby="footer-newsletter">
          <h2 id="footer-newsletter" className="text-sm font-semibold tracking-widest text-white uppercase">
            Newsletter
          </h2>
          <p className="mt-3 text-sm">
            New arrivals, restocks and pre-orders once a week — and 10% off your first order when you sign up.
          </p>
          <NewsletterForm />
        </section>
        <section aria-labelledby="footer-links">
          <h2 id="footer-links" className="text-sm font-semibold tracking-widest text-white uppercase">
            Quick links
          </h2>
          <ul className="mt-3 space-y-2 text-sm">
            {FOOTER_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="hover:text-white hover:underline">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="text-sm font-semibold tracking-widest text-white uppercase">
            About Needledrop
          </h2>
          <p className="mt-3 text-sm">
            An independent record shop for collectors across the UK: new pressings, reissues and pre-orders, picked by people who
            still queue on Record Store Day. Orders ship by Royal Mail.
          </p>
        </section>
      </div>
      <p className="border-t border-white/10 py-5 text-center text-xs text-stone-400">
        © {year} Needledrop Records Ltd. All prices include VAT.
      </p>
    </footer>
  );
}
