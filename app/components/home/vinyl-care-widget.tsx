import { Icon, type IconName } from "~/components/icons/icon";
import { HomeSection } from "./home-section";

export interface CareTipView {
  id: number;
  category: "cleaning" | "handling" | "storage" | "stylus" | "setup";
  title: string;
  body: string;
}

const CATEGORY: Record<CareTipView["category"], { label: string; icon: IconName }> = {
  cleaning: { label: "Cleaning", icon: "brush" },
  handling: { label: "Handling", icon: "hand" },
  storage: { label: "Storage", icon: "archive" },
  stylus: { label: "Stylus", icon: "disc" },
  setup: { label: "Set-up", icon: "sliders" },
};

/** Spec §2 home section 10: a few tips from the Vinyl Care Guide, with a link to the guide. */
export function VinylCareWidget({ tips }: { tips: CareTipView[] }) {
  return (
    <HomeSection
      id="vinyl-care"
      title="Vinyl Care"
      eyebrow="Look after your records"
      action={{ href: "/vinyl-care", label: "Read the Vinyl Care Guide" }}
    >
      {tips.length > 0 ? (
        <ul className="grid gap-5 md:grid-cols-3">
          {tips.map((tip) => {
            const { label, icon } = CATEGORY[tip.category] ?? CATEGORY.cleaning;
            return (
              <li key={tip.id} className="tip">
                <p className="tip-kind">
                  <span className="tip-icon">
                    <Icon name={icon} />
                  </span>
                  {label}
                </p>
                <h3 className="tip-title">{tip.title}</h3>
                <p className="tip-body">{tip.body}</p>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="text-stone-700">
          Cleaning, storage and set-up advice to keep every record sounding its best: see the{" "}
          <a href="/vinyl-care" className="font-semibold text-needle-dark underline">
            Vinyl Care Guide
          </a>
          .
        </p>
      )}
    </HomeSection>
  );
}
