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
  const narrow = W < 500;
  const LABEL = narrow ? 120 : 200;
  const VALUE = narrow ? 100 : 170;
  const h = Math.max(1, items.length) * ROW + 8;
  const x = scaleLinear()
    .domain([0, Math.max(1, ...items.map((i) => i.value))])
    .range([0, W - LABEL - VALUE]);
  const max = narrow ? 15 : 24;
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
        <g key={`${item.label}-${i}`} transform={`translate(0, ${i * ROW + 4})`}>
          <text x={LABEL - 8} y={ROW / 2} dy="0.1em" textAnchor="end" fontSize={narrow ? 12 : 14} fill="currentColor">
            {clip(item.label)}
          </text>
          <rect
            x={LABEL}
            y={4}
            width={Math.max(item.value > 0 ? 2 : 0, x(item.value))}
            height={ROW - 10}
            rx={2}
            className="fill-amber-600"
          >
            <title>{`${item.label}: ${format(item.value)}`}</title>
          </rect>
          <text x={LABEL + x(item.value) + 6} y={ROW / 2} dy="0.1em" fontSize={narrow ? 12 : 14} fill="currentColor">
            {format(item.value)}
            {item.note ? ` · ${item.note}` : ""}
          </text>
        </g>
      ))}
    </svg>
  );
}
