/// <reference lib="dom" />
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, LineController, LineElement, PointElement, Legend, Tooltip);

/** A chart as the server describes it in a data island (the same numbers are in a table beside it). */
export interface ChartSpec {
  id: string;
  kind: 'bar' | 'line';
  labels: string[];
  series: Array<{ label: string; values: number[] }>;
  stacked?: boolean;
}

const PALETTE = ['#0f766e', '#1d4ed8', '#b45309', '#b91c1c', '#7c3aed', '#15803d', '#475569', '#be185d'];

export function drawChart(canvas: HTMLCanvasElement, spec: ChartSpec): void {
  new Chart(canvas, {
    type: spec.kind,
    data: {
      labels: spec.labels,
      datasets: spec.series.map((s, i) => ({ label: s.label, data: s.values, backgroundColor: PALETTE[i % PALETTE.length], borderColor: PALETTE[i % PALETTE.length] })),
    },
    options: {
      animation: false, responsive: true, maintainAspectRatio: false,
      plugins: { legend: { display: spec.series.length > 1 } },
      scales: { x: { stacked: !!spec.stacked }, y: { stacked: !!spec.stacked, beginAtZero: true } },
    },
  });
  canvas.dataset.rendered = 'true';
}
