import { scaleLinear } from "d3-scale";
import { useId } from "react";

export interface BarItem {
  label: string;
  value: number;
  /** A second figure printed after the bar (units, a percentage). */
  note?: string;
}

const ROW = 28;

interface BarListProps {
  title: string;
  description: string;
  items: readonly BarItem[];
  format: (n: number) => string;
}

/** Drawn twice, wide for screens from 640 px and narrow below, so its text keeps a readable size on a phone. */
export function BarListChart(props: BarListProps) {
  return (
    <figure className="m-0">
      <div className="hidden sm:block">
        <BarListSvg {...props} width={640} />
      </div>
      <div className="sm:hidden">
        <BarListSvg {...props} width={360} />
      </div>
    </figure>
  );
}

/**
 * Horizontal bars, one row per item, largest first as given: plain SVG drawn on the server, scaled by its
 * viewBox. Labels sit left of the bars and values right, so nothing overlaps however long a name is.
 */
function BarListSvg({ title, description, items, format, width: W }: BarListProps & { width: number }) {
  const id = useId();
  // Narrow: each name on a line of its own above its bar, so neither is squeezed.
  const narrow = W < 500;
  const row = narrow ? 44 : ROW;
  const label = narrow ? 0 : 220;
  const value = narrow ? 150 : 180;
  const font = narrow ? 13 : 14;
  const barY = narrow ? 22 : 4;
  const h = Math.max(1, items.length) * row + 8;
  const x = scaleLinear()
    .domain([0, Math.max(1, ...items.map((i) => i.value))])
    .range([0, W - label - value]);
  const max = narrow ? 44 : 26;
  const clip = (s: string) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);
  return (
    <svg
      viewBox={`0 0 ${W} ${h}`}
      width="100%"
      role="img"
      aria-labelledby={`${id}-t ${id}-d`}
      className="block h-auto max-w-full text-stone-700"
      data-chart="bars"
    >
      <title id={`${id}-t`}>{title}</title>
      <desc id={`${id}-d`}>{description}</desc>
      {items.map((item, i) => (
        <g key={`${item.label}-${i}`} transform={`translate(0, ${i * row + 4})`}>
          <text
            x={narrow ? 0 : label - 8}
            y={narrow ? 13 : row / 2}
            dy="0.1em"
            textAnchor={narrow ? "start" : "end"}
            fontSize={font}
            fill="currentColor"
          >
            {clip(item.label)}
          </text>
          <rect
            x={label}
            y={barY}
            width={Math.max(item.value > 0 ? 2 : 0, x(item.value))}
            height={ROW - 10}
            rx={2}
            className="fill-amber-600"
          >
            <title>{`${item.label}: ${format(item.value)}`}</title>
          </rect>
          <text x={label + x(item.value) + 6} y={barY + (ROW - 10) / 2} dy="0.35em" fontSize={font} fill="currentColor">
            {format(item.value)}
            {item.note ? ` · ${item.note}` : ""}
          </text>
        </g>
      ))}
    </svg>
  );
}
