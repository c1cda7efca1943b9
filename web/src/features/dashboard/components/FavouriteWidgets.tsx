import { Alert, SimpleGrid, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMapQuery } from '../../map';
import { RiverLevelWidget } from '../../river-level';

/** The river-level widgets of the signed-in user's favourite points (the map's payload tells which). */
export function FavouriteWidgets() {
  const { t } = useTranslation();
  const { data } = useMapQuery();
  if (!data) return null;
  const favourites = data.points.filter((p) => p.f);
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('dashboard.favourites')}
      </Title>
      {favourites.length === 0 ? (
        <Alert variant="light" color="gray">
          {t('dashboard.noFavourites')}
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="favourite-widgets">
          {favourites.map((p) => (
            <RiverLevelWidget key={p.id} pointId={p.id} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
