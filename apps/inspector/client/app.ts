/// <reference lib="dom" />
/*
 * The inspector's only script (bundled by tools/build/build.mjs; no CDN). Pages work without it;
 * it draws the graph and the charts from JSON data islands the server rendered.
 */
import { drawChart, type ChartSpec } from './charts.js';
import { drawGraph } from './graph.js';

function island<T>(id: string): T | undefined {
  const el = document.getElementById(id);
  return el?.textContent ? (JSON.parse(el.textContent) as T) : undefined;
}

function start(): void {
  const graph = document.getElementById('graph-view');
  const graphData = island<Parameters<typeof drawGraph>[1]>('graph-data');
  if (graph && graphData) drawGraph(graph, graphData);
  for (const spec of island<ChartSpec[]>('chart-data') ?? []) {
    const canvas = document.getElementById(spec.id);
    if (canvas instanceof HTMLCanvasElement) drawChart(canvas, spec);
  }
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
