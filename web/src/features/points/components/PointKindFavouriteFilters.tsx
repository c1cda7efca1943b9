import { Select, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { pointKinds } from '@aforo/contracts/points';
import type { ListUrlControls } from '../../../lib/url-state';

/** The kind Select and the "favourites only" Switch of a list of points, both kept in the URL. */
export function PointKindFavouriteFilters({
  list,
  kindWidth,
}: {
  list: ListUrlControls<string, 'kind' | 'favourites'>;
  kindWidth: number;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Select
        aria-label={t('points.fields.kind')}
        placeholder={t('points.allKinds')}
        clearable
        w={kindWidth}
        value={list.filters.kind ?? null}
        onChange={(value) => list.setFilter('kind', value)}
        data={pointKinds.map((kind) => ({ value: kind, label: t(`points.kinds.${kind}`) }))}
      />
      <Switch
        label={t('points.onlyFavourites')}
        checked={list.filters.favourites === 'true'}
        onChange={(event) => list.setFilter('favourites', event.currentTarget.checked ? 'true' : null)}
      />
    </>
  );
}
