import { useTranslation } from 'react-i18next';
import { alertColours } from '@aforo/contracts/constants';
import type { RiverLevelView } from '@aforo/contracts/river-level';
import { formatValue } from '../../../lib/format';
import { gaugeScale, spreadLabels } from '../gauge-scale';

const width = 290;
const height = 210;
const top = 12;
const bottom = height - 12;
const column = { x: 84, w: 56 };
const labelX = column.x + column.w + 14;
const water = '#2f7ed8';

interface Mark {
  key: string;
  value: number;
  colour: string;
  text: string;
}

/**
 * The gauge: a channel with the danger and warning bands, the water up to the current level, the
 * ground line, the typical range beside it and the record mark. Greyed when the data is stale.
 */
export function RiverLevelGauge({ level }: { level: RiverLevelView }) {
  const { t } = useTranslation();
  const scale = gaugeScale(level, top, bottom);
  const y = (v: number) => scale.y(v);
  const current = level.current?.value ?? null;
  const { warningValue, alertValue, groundLevel, typical, record } = level;
  const unit = level.unit;
  const marks: Mark[] = [];
  if (groundLevel !== null)
    marks.push({ key: 'ground', value: groundLevel, colour: '#7a5230', text: t('riverLevel.ground') });
  if (alertValue !== null)
    marks.push({ key: 'danger', value: alertValue, colour: '#c00000', text: t('riverLevel.danger') });
  if (warningValue !== null)
    marks.push({ key: 'warning', value: warningValue, colour: '#8a7a00', text: t('riverLevel.warning') });
  if (record !== null)
    marks.push({ key: 'record', value: record.value, colour: '#5b2a86', text: t('riverLevel.record') });
  const labelYs = spreadLabels(
    marks.map((m) => y(m.value)),
    13,
    top + 4,
    bottom,
  );
  const dangerTop = top;
  const warningTop = alertValue !== null ? y(alertValue) : top;

  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      width="100%"
      role="img"
      aria-label={t('riverLevel.gaugeLabel', {
        value: current === null ? '—' : `${formatValue(current)} ${unit}`,
      })}
      style={{ maxWidth: width, display: 'block', filter: level.state.stale ? 'grayscale(1)' : undefined }}
      data-testid="river-level-gauge"
    >
      <rect x={column.x} y={top} width={column.w} height={bottom - top} fill="#f1f3f5" stroke="#adb5bd" />
      {alertValue !== null && (
        <rect
          data-band="danger"
          x={column.x}
          y={dangerTop}
          width={column.w}
          height={Math.max(0, y(alertValue) - dangerTop)}
          fill={alertColours.DANGER}
          fillOpacity={0.18}
        />
      )}
      {warningValue !== null && (
        <rect
          data-band="warning"
          x={column.x}
          y={warningTop}
          width={column.w}
          height={Math.max(0, y(warningValue) - warningTop)}
          fill={alertColours.WARNING}
          fillOpacity={0.35}
        />
      )}
      {current !== null && (
        <>
          <rect
            data-testid="river-level-water"
            x={column.x + 6}
            y={y(current)}
            width={column.w - 12}
            height={Math.max(0, bottom - y(current))}
            fill={water}
            fillOpacity={0.6}
          />
          <line
            x1={column.x - 4}
            x2={column.x + column.w + 4}
            y1={y(current)}
            y2={y(current)}
            stroke="#0b3d91"
            strokeWidth={2.5}
          />
          <text
            x={column.x - 8}
            y={y(current) + 4}
            textAnchor="end"
            fontSize={12}
            fontWeight={700}
            fill="#0b3d91"
          >
            {formatValue(round(current))}
          </text>
        </>
      )}
      {typical && (
        <g data-testid="river-level-typical">
          <rect
            x={column.x + 1}
            y={y(typical.high)}
            width={4}
            height={Math.max(1, y(typical.low) - y(typical.high))}
            fill="#868e96"
            rx={2}
          />
          <title>{t('riverLevel.typical')}</title>
        </g>
      )}
      {marks.map((m, i) => (
        <g key={m.key} data-mark={m.key}>
          <line
            x1={m.key === 'ground' ? column.x - 10 : column.x}
            x2={labelX - 4}
            y1={y(m.value)}
            y2={y(m.value)}
            stroke={m.colour}
            strokeWidth={m.key === 'ground' ? 2 : 1.2}
            strokeDasharray={m.key === 'ground' ? '5 3' : m.key === 'record' ? '2 2' : undefined}
          />
          <text x={labelX} y={labelYs[i]! + 4} fontSize={11} fill={m.colour}>
            {m.text} {formatValue(round(m.value))}
          </text>
        </g>
      ))}
    </svg>
  );
}

/** Two decimals are what a level reads at a glance. */
const round = (v: number) => Math.round(v * 100) / 100;
