import { ActionIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../ui/toasts';
import { useFavouriteMutation } from '../api';

function StarIcon({ filled }: { filled: boolean }) {
  return (
    <svg
      width={18}
      height={18}
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={2}
    >
      <path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6L2.5 9.4l6.6-.8z" />
    </svg>
  );
}

/** The favourite star of a point: marks or unmarks it for the signed-in user. */
export function FavouriteToggle({
  pointId,
  name,
  favourite,
}: {
  pointId: string;
  name: string;
  favourite: boolean;
}) {
  const { t } = useTranslation();
  const toggle = useFavouriteMutation();
  return (
    <ActionIcon
      variant="subtle"
      color={favourite ? 'yellow' : 'gray'}
      aria-pressed={favourite}
      aria-label={t(favourite ? 'points.unfavourite' : 'points.favourite', { name })}
      loading={toggle.isPending}
      onClick={(event) => {
        event.stopPropagation();
        toggle.mutate(
          { id: pointId, favourite: !favourite },
          { onError: (error) => showToast('error', error.message) },
        );
      }}
    >
      <StarIcon filled={favourite} />
    </ActionIcon>
  );
}
