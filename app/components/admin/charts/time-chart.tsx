import { scaleBand, scaleLinear } from "d3-scale";
import { line } from "d3-shape";
import { useId } from "react";

export interface TimePoint {
  label: string;
  value: number;
  /** The same bucket of the period before, drawn as a line over the bars. */
  previous?: number;
}

const H = 260;
const M = { top: 16, right: 12, bottom: 44, left: 64 };

interface TimeChartProps {
  title: string;
  description: string;
  points: readonly TimePoint[];
  format: (n: number) => string;
  previousLabel?: string;
  barLabel?: string;
}

/** Drawn twice, wide for screens from 640 px and narrow below, so its text keeps a readable size on a phone. */
export function TimeChart(props: TimeChartProps) {
  return (
    <figure className="m-0">
      <div className="hidden sm:block">
        <TimeChartSvg {...props} width={560} />
      </div>
      <div className="sm:hidden">
        <TimeChartSvg {...props} width={360} />
      </div>
    </figure>
  );
}

/**
 * Bars by bucket with the period before as a dashed line: plain SVG drawn on the server (d3-scale for the
 * axes, d3-shape for the line), scaled by its viewBox to the width it is given.
 */
function TimeChartSvg({
  title,
  description,
  points,
  format,
  previousLabel = "Previous period",
  barLabel = "This period",
  width: W,
}: TimeChartProps & { width: number }) {
  const id = useId();
  const max = Math.max(1, ...points.flatMap((p) => [p.value, p.previous ?? 0]));
  const x = scaleBand<number>()
    .domain(points.map((_, i) => i))
    .range([M.left, W - M.right])
    .paddingInner(points.length > 60 ? 0.1 : 0.25)
    .paddingOuter(0.1);
  const y = scaleLinear()
    .domain([0, max])
    .nice(4)
    .range([H - M.bottom, M.top]);
  const ticks = y.ticks(4);
  // At most about eight labels along the bottom, evenly spaced.
  const every = Math.max(1, Math.ceil(points.length / (W < 500 ? 4 : 8)));
  const hasPrevious = points.some((p) => p.previous !== undefined);
  const path = line<TimePoint>()
    .defined((p) => p.previous !== undefined)
    .x((_, i) => (x(i) ?? 0) + x.bandwidth() / 2)
    .y((p) => y(p.previous ?? 0))(points as TimePoint[]);
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      width="100%"
      role="img"
      aria-labelledby={`${id}-t ${id}-d`}
      className="block h-auto max-w-full text-stone-600"
      data-chart="time"
    >
      <title id={`${id}-t`}>{title}</title>
      <desc id={`${id}-d`}>{description}</desc>
      {ticks.map((t) => (
        <g key={t}>
          <line x1={M.left} x2={W - M.right} y1={y(t)} y2={y(t)} stroke="currentColor" strokeOpacity={0.15} />
          <text x={M.left - 6} y={y(t)} dy="0.32em" textAnchor="end" fontSize={12} fill="currentColor">
            {format(t)}
          </text>
        </g>
      ))}
      {points.map((p, i) => (
        <rect
          key={i}
          x={x(i)}
          y={y(p.value)}
          width={x.bandwidth()}
          height={Math.max(0, y(0) - y(p.value))}
          className="fill-amber-600"
        >
          <title>{`${p.label}: ${format(p.value)}`}</title>
        </rect>
      ))}
      {hasPrevious && path && (
        <path d={path} fill="none" stroke="#44403c" strokeWidth={2} strokeDasharray="5 4" strokeLinejoin="round" />
      )}
      <line x1={M.left} x2={W - M.right} y1={y(0)} y2={y(0)} stroke="currentColor" strokeOpacity={0.5} />
      {points.map((p, i) =>
        i % every === 0 ? (
          <text
            key={i}
            x={(x(i) ?? 0) + x.bandwidth() / 2}
            y={H - M.bottom + 18}
            textAnchor="middle"
            fontSize={12}
            fill="currentColor"
          >
            {p.label.replace(/^w\/c /, "")}
          </text>
        ) : null,
      )}
      <g transform={`translate(${M.left}, ${H - 10})`} fontSize={12} fill="currentColor">
        <rect width={12} height={12} y={-10} className="fill-amber-600" />
        <text x={18}>{barLabel}</text>
        {hasPrevious && (
          <>
            <line x1={130} x2={154} y1={-4} y2={-4} stroke="#44403c" strokeWidth={2} strokeDasharray="5 4" />
            <text x={160}>{previousLabel}</text>
          </>
        )}
      </g>
    </svg>
  );
}
