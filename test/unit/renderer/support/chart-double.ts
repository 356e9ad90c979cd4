// A stand-in for vue-chartjs's Line: jsdom has no canvas to draw on, and these tests read the words around the chart.
import { defineComponent, h } from 'vue';

export const Line = defineComponent({ setup: () => () => h('canvas') });
