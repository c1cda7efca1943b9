import { Alert, Card, Loader, Center } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRiverLevelQuery } from '../api';
import { RiverLevelCard } from './RiverLevelCard';

export interface RiverLevelWidgetProps {
  pointId: string;
  bare?: boolean;
}

/** The river-level widget of a point of the current company, fetched and kept fresh. */
export function RiverLevelWidget({ pointId, bare = false }: RiverLevelWidgetProps) {
  const { t } = useTranslation();
  const query = useRiverLevelQuery(pointId);
  if (query.isPending) {
    const loader = (
      <Center mih={bare ? 360 : 120}>
        <Loader size="sm" aria-label={t('riverLevel.loading')} />
      </Center>
    );
    return bare ? (
      loader
    ) : (
      <Card withBorder radius="md">
        {loader}
      </Card>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" variant="light">
        {t('riverLevel.loadError')}
      </Alert>
    );
  }
  return <RiverLevelCard level={query.data} href={`/app/operation/points/${pointId}`} bare={bare} />;
}
