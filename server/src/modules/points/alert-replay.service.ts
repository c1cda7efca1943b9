/**
 * The replay preview of a point's alert tuning (docs/ALERTS.md "Replaying the tuning", docs/API.md):
 * the last 30 days of the point's main series, through the engine's own evaluator
 * (alerting/replay.ts), once with the candidate settings and once with the saved ones. Whoever may
 * edit the point may ask (points.edit); another company's point is not found.
 */
import {
  alertReplayDays,
  type AlertReplay,
  type AlertReplayInputParsed,
} from '@aforo/contracts/alert-replay';
import { replayThresholds } from '../../alerting/replay';
import { rulePointOf, type RulePoint, type RulePort } from '../../alerting/series-rules';
import { assertCan, createAccess } from '../../core/access';
import { NotFoundError } from '../../core/errors';
import { type RequestContext, viewerOf } from '../../core/request-context';
import type { Deps } from '../../deps';
import { createAlertReplayRepository } from './alert-replay.repository';

const dayMs = 86_400_000;

export function createAlertReplayService({ db }: Deps) {
  const repo = createAlertReplayRepository(db);
  return {
    async replay(ctx: RequestContext, id: string, input: AlertReplayInputParsed): Promise<AlertReplay> {
      assertCan(ctx, 'points.edit');
      await createAccess(db).assertPoint(ctx.caller, id);
      const point = await repo.findPoint(viewerOf(ctx), id);
      if (!point) throw new NotFoundError('POM1000');
      const to = new Date();
      const from = new Date(to.getTime() - alertReplayDays * dayMs);
      const port = await repo.mainPort(id);
      const samples = port === null ? [] : await repo.samples(id, port, from, to);
      // the engine reads the port's own limits (alert_upper, warning_lower…) from the stored JSON
      const parameters = (point.parameters ?? {}) as Record<string, RulePort | undefined>;
      const portRules: RulePort = (port !== null ? parameters[port] : undefined) ?? {};
      const saved = rulePointOf(point);
      const candidate: RulePoint = {
        ...saved,
        alertValue: input.alertValue,
        warningValue: input.warningValue,
        onDelay: input.alertOnDelay,
        offDelay: input.alertOffDelay,
        deadband: input.alertDeadband,
      };
      return {
        from: from.toISOString(),
        to: to.toISOString(),
        port,
        measures: samples.length,
        alerts: replayThresholds(samples, candidate, portRules),
        current: replayThresholds(samples, saved, portRules),
      };
    },
  };
}
export type AlertReplayService = ReturnType<typeof createAlertReplayService>;
