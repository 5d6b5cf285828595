import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface StackedSeries {
  readonly label: string;
  readonly values: readonly number[];
}

const PALETTE = ['#2563eb', '#d97706', '#059669', '#db2777', '#7c3aed', '#0891b2', '#65a30d', '#dc2626', '#4b5563', '#9333ea', '#0d9488'];

/**
 * Stacked daily bars drawn with uPlot: each series is plotted as the running total of itself and
 * the series before it, widest first, so the visible band of each bar is that series' share.
 */
export function StackedBars({ days, series, label }: { days: readonly string[]; series: readonly StackedSeries[]; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const xs = days.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000);
    const running = days.map(() => 0);
    const stacked = series.map((s) => s.values.map((v, i) => (running[i] = (running[i] ?? 0) + v)));
    const order = series.map((_, i) => i).reverse();
    const bars = uPlot.paths.bars!({ size: [0.7, 40], align: 0 });
    // With no day under the cursor the legend shows the window's totals, not placeholders.
    const totals = series.map((s) => s.values.reduce((sum, v) => sum + v, 0));
    const make = () =>
      new uPlot(
        {
          width: Math.max(280, element.clientWidth),
          height: 260,
          series: [
            { label: 'Day', value: (_u, v) => (v == null ? `last ${days.length} days` : new Date(v * 1000).toISOString().slice(0, 10)) },
            ...order.map((i) => ({
              label: series[i]!.label,
              fill: PALETTE[i % PALETTE.length],
              stroke: PALETTE[i % PALETTE.length],
              width: 0,
              paths: bars,
              points: { show: false },
              value: (_u: uPlot, _v: number | null, _s: number, idx: number | null) => String(idx == null ? totals[i]! : (series[i]!.values[idx] ?? 0)),
            })),
          ],
          axes: [{ space: 60 }, { label: 'credits', size: 56, incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1e3, 2e3, 5e3, 1e4, 2e4, 5e4, 1e5, 2e5, 5e5, 1e6] }],
          scales: {
            x: { time: true, range: (_u, min, max) => [min - 43_200, max + 43_200] },
            y: { range: (_u, _min, max) => [0, Math.max(5, Math.ceil(max * 1.1))] },
          },
          cursor: { points: { show: false } },
          legend: { live: true },
        },
        [xs, ...order.map((i) => stacked[i]!)],
        element,
      );
    let plot = make();
    const observer = new ResizeObserver(() => plot.setSize({ width: Math.max(280, element.clientWidth), height: 260 }));
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
      plot = undefined as unknown as uPlot;
    };
  }, [days, series]);
  return <div class="chart" ref={box} role="img" aria-label={label} />;
}
