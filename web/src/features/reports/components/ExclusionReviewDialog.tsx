import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportExclusion } from '@aforo/contracts/report-exclusions';
import { showToast } from '../../../ui/toasts';
import { useReviewExclusionMutation } from '../exclusions-api';
import { useExclusionText } from '../use-exclusion-text';

export type ReviewDecision = 'accepted' | 'disputed';

export interface ExclusionReviewDialogProps {
  exclusion: ReportExclusion;
  decision: ReviewDecision;
  onClose: () => void;
}

/** The client's admin accepts or disputes an agreed exclusion, with a comment for the provider. */
export function ExclusionReviewDialog({ exclusion: e, decision, onClose }: ExclusionReviewDialogProps) {
  const { t } = useTranslation();
  const text = useExclusionText();
  const review = useReviewExclusionMutation();
  const [comment, setComment] = useState(e.reviewComment ?? '');
  const submit = () =>
    review.mutate(
      { id: e.id, body: { decision, comment: comment.trim() || null } },
      {
        onSuccess: () => {
          showToast('success', t(`reports.agreed.reviewed.${decision}`));
          onClose();
        },
      },
    );
  return (
    <Modal
      opened
      onClose={() => !review.isPending && onClose()}
      title={t(`reports.agreed.reviewTitle.${decision}`)}
      centered
    >
      <Stack gap="md">
        <Text size="sm" fw={600}>
          {text.what(e)}
        </Text>
        <Text size="sm">
          {t(`reports.agreed.reviewHint.${decision}`, { point: e.pointName, range: text.range(e) })}
        </Text>
        <Textarea
          label={t('reports.agreed.reviewComment')}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
          maxLength={1000}
          rows={3}
          data-autofocus
        />
        {review.error && (
          <Alert color="red" variant="light" role="alert">
            {review.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={review.isPending}>
            {t('common.cancel')}
          </Button>
          <Button
            color={decision === 'accepted' ? 'teal' : 'red'}
            loading={review.isPending}
            onClick={submit}
          >
            {t(decision === 'accepted' ? 'reports.agreed.accept' : 'reports.agreed.dispute')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
