import { Alert, Group, Loader, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RevisionChange } from '@aforo/contracts/report-closures';
import { useRevisionQuery } from '../closures-api';
import { useReportFormat } from '../use-report-format';
import { DayClassBadge } from './DayClassBadge';

const arrow = ' → ';

/**
 * The point-days a revision changed (docs/REPORTS.md "Month close and revisions"): each one's class,
 * count of measures and its point's operation % of the month, before and after.
 */
export function RevisionChanges({ closureId, n }: { closureId: string; n: number }) {
  const { t } = useTranslation();
  const f = useReportFormat();
  const query = useRevisionQuery({ closureId, n });
  // an excluded day says why on hover
  const causeOf = (day: RevisionChange['before']) =>
    day.exclusion ? t(`reports.exclusions.${day.exclusion}`) : undefined;
  if (query.error)
    return (
      <Alert color="red" variant="light" role="alert">
        {query.error.message}
      </Alert>
    );
  if (!query.data)
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          {t('reports.closures.changesLoading')}
        </Text>
      </Group>
    );
  const label = t('reports.closures.changesOf', { n });
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table aria-label={label} striped withTableBorder fz="xs" verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('reports.closures.changeFields.point')}</Table.Th>
            <Table.Th>{t('reports.closures.changeFields.day')}</Table.Th>
            <Table.Th>{t('reports.closures.changeFields.class')}</Table.Th>
            <Table.Th ta="right">{t('reports.closures.changeFields.count')}</Table.Th>
            <Table.Th ta="right">{t('reports.closures.changeFields.percent')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {query.data.changeList.map((c) => (
            <Table.Tr key={`${c.pointId}-${c.day}`}>
              <Table.Td>{c.pointName}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{f.day(c.day)}</Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <span title={causeOf(c.before)} style={{ flexShrink: 0 }}>
                    <DayClassBadge dayClass={c.before.class} />
                  </span>
                  <Text span size="xs" aria-hidden>
                    →
                  </Text>
                  <span title={causeOf(c.after)} style={{ flexShrink: 0 }}>
                    <DayClassBadge dayClass={c.after.class} />
                  </span>
                </Group>
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {f.number(c.before.count)}
                {arrow}
                {f.number(c.after.count)}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {f.percent(c.percentBefore)}
                {arrow}
                {f.percent(c.percentAfter)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
