/**
 * The ECharts canvas of the point chart. Loaded lazily (React.lazy) so ECharts stays out of every
 * bundle but the one of this component; modular imports keep it to what the chart uses (STACK.md).
 */
import { useEffect, useRef } from 'react';
import { LineChart, ScatterChart } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  MarkLineComponent,
  TooltipComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import type { PointChartOption } from './point-chart-option';

echarts.use([
  LineChart,
  ScatterChart,
  GridComponent,
  TooltipComponent,
  DataZoomComponent,
  MarkLineComponent,
  MarkAreaComponent,
  LegendComponent,
  CanvasRenderer,
]);

interface DataZoomState {
  start?: number;
  end?: number;
}

export interface PointChartCanvasProps {
  option: PointChartOption;
  /** Changes when the x range changes (preset, port): the zoom goes back to the whole range. */
  viewKey: string;
  /** The part of the x range the user zoomed to, in percent (called on every zoom step; debounce outside). */
  onZoom: (startPercent: number, endPercent: number) => void;
  height?: number;
}

export default function PointChartCanvas({ option, viewKey, onZoom, height = 380 }: PointChartCanvasProps) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const zoomHandler = useRef(onZoom);
  useEffect(() => {
    zoomHandler.current = onZoom;
  }, [onZoom]);

  useEffect(() => {
    const instance = echarts.init(element.current!, undefined, { renderer: 'canvas' });
    chart.current = instance;
    instance.setOption({
      dataZoom: [
        { type: 'inside', filterMode: 'none', xAxisIndex: 0 },
        { type: 'slider', filterMode: 'none', xAxisIndex: 0, bottom: 12, height: 24, showDetail: false },
      ],
    });
    instance.on('datazoom', () => {
      // the model holds the resolved window; the event's shape differs between inside and slider zoom
      const zoom = (instance.getOption() as { dataZoom?: DataZoomState[] }).dataZoom?.[0];
      if (zoom?.start === undefined || zoom.end === undefined) return;
      zoomHandler.current(zoom.start, zoom.end);
    });
    const resize = new ResizeObserver(() => instance.resize());
    resize.observe(element.current!);
    return () => {
      resize.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    // series are replaced as a whole (ids keep the band, line and markers apart); dataZoom is kept
    chart.current?.setOption(option, { replaceMerge: ['series'] });
  }, [option]);

  useEffect(() => {
    chart.current?.dispatchAction({ type: 'dataZoom', start: 0, end: 100 });
  }, [viewKey]);

  return <div ref={element} style={{ width: '100%', height }} data-testid="point-chart-canvas" />;
}
