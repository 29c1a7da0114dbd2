import { ArrowRight, Heart, ShoppingBag, type LucideIcon } from "lucide-react";

/**
 * Icons a page repeats (a heart and a cart bag on every card, arrows on every home section) are drawn once, as
 * symbols in a hidden sprite at the top of the body, and each use is a two-tag <svg><use/></svg>. A lucide icon
 * inlined costs 300–450 bytes of HTML; forty of them were a sixth of the home page. Icons used once or twice stay
 * plain lucide components.
 */
const SPRITE = {
  "shopping-bag": { Icon: ShoppingBag, fill: "none" },
  heart: { Icon: Heart, fill: "none" },
  "heart-filled": { Icon: Heart, fill: "currentColor" },
  "arrow-right": { Icon: ArrowRight, fill: "none" },
} satisfies Record<string, { Icon: LucideIcon; fill: string }>;

export type SpriteIconName = keyof typeof SPRITE;

const symbolId = (name: SpriteIconName) => `icon-${name}`;

/** The symbols, once per page (the root layout renders it). */
export function IconSprite() {
  return (
    <svg aria-hidden="true" width="0" height="0" className="absolute overflow-hidden">
      {Object.entries(SPRITE).map(([name, { Icon, fill }]) => (
        // lucide's own <svg> inside the symbol keeps its stroke settings; the symbol's viewBox scales it.
        <symbol key={name} id={symbolId(name as SpriteIconName)} viewBox="0 0 24 24">
          <Icon fill={fill} />
        </symbol>
      ))}
    </svg>
  );
}

/** One icon from the sprite, sized and coloured by its classes (currentColor), always decorative. */
export function SpriteIcon({ name, className }: { name: SpriteIconName; className?: string }) {
  return (
    <svg aria-hidden="true" className={className}>
      <use href={`#${symbolId(name)}`} />
    </svg>
  );
}
