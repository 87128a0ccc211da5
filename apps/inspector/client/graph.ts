/// <reference lib="dom" />
import cytoscape from 'cytoscape';

interface GraphData {
  centre: string;
  nodes: Array<{ id: string; type: string; status: string; label: string; hop: number }>;
  edges: Array<{ src: string; dst: string; kind: string; weight: number }>;
}

const KIND_COLOURS: Record<string, string> = {
  supersedes: '#b45309', derived_from: '#1d4ed8', supports: '#15803d', contradicts: '#b91c1c', similar_to: '#6b7280', relates_to: '#7c3aed',
};

/** Draws the memory's neighbourhood; a click (or Enter on the focused list link) opens that memory. */
export function drawGraph(container: HTMLElement, data: GraphData): void {
  const cy = cytoscape({
    container,
    elements: [
      ...data.nodes.map((n) => ({
        // The server composes the label (type, short id, status, content start: memory.view.ts nodeLabel).
        data: { id: n.id, label: n.label, centre: n.id === data.centre ? 1 : 0, status: n.status },
      })),
      ...data.edges.map((e, i) => ({ data: { id: `e${i}`, source: e.src, target: e.dst, kind: e.kind, colour: KIND_COLOURS[e.kind] ?? '#374151' } })),
    ],
    style: [
      { selector: 'node', style: { label: 'data(label)', 'font-size': 10, 'text-wrap': 'wrap', 'text-max-width': '120px', 'background-color': '#94a3b8', color: '#0f172a', width: 18, height: 18 } },
      { selector: 'node[centre = 1]', style: { 'background-color': '#0f766e', width: 26, height: 26, 'font-weight': 'bold' } },
      { selector: 'node[status != "active"]', style: { 'background-color': '#e2e8f0', 'border-width': 1, 'border-color': '#64748b' } },
      { selector: 'edge', style: { width: 2, 'line-color': 'data(colour)', 'target-arrow-color': 'data(colour)', 'target-arrow-shape': 'triangle', 'curve-style': 'bezier', label: 'data(kind)', 'font-size': 8, color: '#334155' } },
    ],
    layout: { name: 'breadthfirst', roots: [data.centre], spacingFactor: 1.1, padding: 16 },
    wheelSensitivity: 0.3,
  });
  cy.on('tap', 'node', (evt) => {
    const id = evt.target.id() as string;
    if (id !== data.centre) window.location.assign(`/memories/${id}`);
  });
  container.dataset.rendered = String(cy.nodes().length);
}
