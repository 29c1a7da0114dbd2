import spriteUrl from "./icons.svg?no-inline";
import type { IconName } from "./sprite-source";

export type { IconName };

/**
 * One icon: a two-tag <svg><use/></svg> pointing into one cached sprite file (decision 36). Size and colour come
 * from its classes (`icon` draws lucide's strokes in currentColor; `fill-current` fills, `stroke-1` thins).
 * Always decorative: the control or text beside it carries the name.
 */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg aria-hidden="true" className={className ? `icon ${className}` : "icon"}>
      <use href={`${spriteUrl}#${name}`} />
    </svg>
  );
}
