// A stand-in for vue-chartjs's Line: happy-dom has no canvas to draw on. It is a canvas carrying what Chart.js would be
// handed (labels and series as JSON), so a test can read both the words around the chart and what it would draw.
// Every file that mocks vue-chartjs uses this one double: unit workers keep loaded modules from file to file
// (isolate: false), so a component loaded under one file's double is still bound to it in the next file.
import { defineComponent, h } from 'vue';

export const Line = defineComponent({
  props: { data: { type: Object, required: true }, options: { type: Object, required: true } },
  setup: (props) => () => {
    const data = props.data as { labels: string[]; datasets: { label: string; data: number[] }[] };
    return h('canvas', { 'data-labels': JSON.stringify(data.labels), 'data-series': JSON.stringify(data.datasets.map((d) => [d.label, d.data])) });
  },
});
