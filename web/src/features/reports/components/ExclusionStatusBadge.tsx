import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ExclusionStatus } from '@aforo/contracts/report-exclusions';

const colours: Record<ExclusionStatus, string> = {
  pending: 'yellow',
  accepted: 'teal',
  disputed: 'red',
  withdrawn: 'gray',
};

/** Where an agreed exclusion stands: pending the client's review, accepted, disputed or withdrawn. */
export function ExclusionStatusBadge({ status }: { status: ExclusionStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={colours[status]} variant={status === 'withdrawn' ? 'outline' : 'light'}>
      {t(`reports.agreed.statuses.${status}`)}
    </Badge>
  );
}
