import { formatDayMonth } from "#core/dates.ts";
import { formatInr, PAISE_PER_RUPEE } from "#core/money.ts";
import type { SalesDay } from "#server/admin/admin.schemas.ts";

const WIDTH = 600;
const HEIGHT = 200;
const LEFT = 8;
const BOTTOM = 22;
const TOP = 12;

/**
 * The last 30 days as plain SVG: a bar of what the day's buyers paid (online, or in cash at the
 * door; not what went back) and a dot for the number of orders each day,
 * each on its own scale, with the day's figures on hover and the whole as a table for screen
 * readers. No chart library: thirty bars are a few lines, and the admin loads no more script.
 */
export function SalesChart({ days }: { days: readonly SalesDay[] }) {
  const maxRevenue = Math.max(1, ...days.map((day) => day.revenue));
  const maxOrders = Math.max(1, ...days.map((day) => day.orders));
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const step = (WIDTH - LEFT * 2) / days.length;
  const revenue = days.reduce((sum, day) => sum + day.revenue, 0);
  const orders = days.reduce((sum, day) => sum + day.orders, 0);
  return (
    <figure className="card p-4" data-testid="sales-chart">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-semibold">Sales, last 30 days</span>
        <span className="text-sm text-zinc-600 dark:text-zinc-400">
          {orders} orders · {formatInr(revenue)} paid
        </span>
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="mt-3 h-auto w-full"
        role="img"
        aria-label={`Orders and money paid per day for the last 30 days: ${orders} orders, ${formatInr(revenue)} paid in all.`}
      >
        <line
          x1={LEFT}
          x2={WIDTH - LEFT}
          y1={TOP + plotHeight}
          y2={TOP + plotHeight}
          className="stroke-zinc-300 dark:stroke-zinc-700"
        />
        {days.map((day, index) => (
          <DayBar
            key={day.date}
            day={day}
            x={LEFT + step * index}
            step={step}
            height={(day.revenue / maxRevenue) * plotHeight}
            labelled={index % 7 === days.length % 7}
          />
        ))}
        <OrdersLine days={days} step={step} maxOrders={maxOrders} />
      </svg>
      <ChartLegend days={days} maxOrders={maxOrders} />
      <ChartTable days={days} />
    </figure>
  );
}

/** A day's column: its bar of money paid, its figures on hover, and its date under every seventh. */
function DayBar({
  day,
  x,
  step,
  height,
  labelled,
}: {
  day: SalesDay;
  x: number;
  step: number;
  height: number;
  labelled: boolean;
}) {
  const plotHeight = HEIGHT - TOP - BOTTOM;
  return (
    <g>
      <title>{`${formatDayMonth(day.date)}: ${day.orders} orders, ${formatInr(day.revenue)} paid`}</title>
      {/* The whole column answers to the pointer, not just the bar. */}
      <rect x={x} y={TOP} width={step} height={plotHeight} className="fill-transparent" />
      <rect
        x={x + step * 0.15}
        y={TOP + plotHeight - height}
        width={step * 0.7}
        height={height}
        rx={2}
        className="fill-gold-300 dark:fill-gold-600"
      />
      {labelled ? (
        <text
          x={x + step / 2}
          y={HEIGHT - 6}
          textAnchor="middle"
          className="fill-zinc-600 text-[18px] md:text-[12px] dark:fill-zinc-400"
        >
          {formatDayMonth(day.date)}
        </text>
      ) : null}
    </g>
  );
}

/** The number of orders each day, as dots joined by a line, on a scale of its own. */
function OrdersLine({ days, step, maxOrders }: { days: readonly SalesDay[]; step: number; maxOrders: number }) {
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const dots = days.map((day, index) => ({
    x: LEFT + step * index + step / 2,
    y: TOP + plotHeight - (day.orders / maxOrders) * plotHeight,
  }));
  return (
    <>
      <polyline
        points={dots.map((dot) => `${dot.x},${dot.y}`).join(" ")}
        className="fill-none stroke-zinc-800 dark:stroke-zinc-200"
        strokeWidth={1.5}
      />
      {dots.map((dot, index) => (
        <circle key={days[index]?.date} cx={dot.x} cy={dot.y} r={2.5} className="fill-zinc-800 dark:fill-zinc-200" />
      ))}
    </>
  );
}

/** What the bars and the dots stand for; the bars' scale reads in whole rupees, rounded up. */
function ChartLegend({ days, maxOrders }: { days: readonly SalesDay[]; maxOrders: number }) {
  const tallest = Math.max(0, ...days.map((day) => day.revenue));
  const rupees = Math.ceil(tallest / PAISE_PER_RUPEE) * PAISE_PER_RUPEE;
  return (
    <p className="mt-2 flex gap-4 text-xs text-zinc-600 dark:text-zinc-400" aria-hidden="true">
      <span>
        <span className="mr-1 inline-block size-2.5 rounded-sm bg-gold-300 dark:bg-gold-600" />
        {rupees > 0 ? `Paid (up to ${formatInr(rupees)} a day)` : "Paid (nothing yet)"}
      </span>
      <span>
        <span className="mr-1 inline-block size-2.5 rounded-full bg-zinc-800 dark:bg-zinc-200" />
        Orders (up to {maxOrders})
      </span>
    </p>
  );
}

/** The chart's figures as a table, for screen readers. */
function ChartTable({ days }: { days: readonly SalesDay[] }) {
  return (
    <>
      {/* A table ignores overflow: hidden, so a hidden box around it keeps its 30 rows from lengthening the page. */}
      <div className="sr-only">
        <table>
          <caption>Orders and money paid per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Orders</th>
              <th scope="col">Paid</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <th scope="row">{formatDayMonth(day.date)}</th>
                <td>{day.orders}</td>
                <td>{formatInr(day.revenue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
