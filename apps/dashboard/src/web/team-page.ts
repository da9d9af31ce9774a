import { Inject, Req, Res, type Type } from '@nestjs/common';
import { RpcClient } from '@cps/messaging';
import { type Request, type Response } from 'express';
import { DASHBOARD_CONFIG, type DashboardConfig } from '../config.js';
import { CurrentViewer, type SignedInViewer } from '../session/viewer.js';
import { takeFlash, type Flash } from './flash.js';
import { FormQuery, NoticeQuery, ShowPage } from './form-input.js';
import { type PageMessages } from './layout.js';
import { attempt, changeThenRedirect, sendPage } from './refusals.js';

/** A use case that reads what one page shows of a team. */
export interface TeamView<V> {
  execute(teamId: string): Promise<V>;
}

/**
 * The base of a controller whose page shows one view of the team (`show`, drawn by `render`) and whose forms change
 * it through the services (`rpc`): its GET answers the page with the notice of a change (`?notice=`), and `refused`
 * draws it again with a change's refusal. A page given `shownOnce` also takes the answer a form left for it
 * (`web/flash.ts`: a new secret, an invitation link) and draws what `shownOnce` makes of it; other pages leave it.
 */
export function TeamPage<V, S = never>(
  show: Type<TeamView<V>>,
  render: (viewer: SignedInViewer, view: V, messages: PageMessages, shown?: S) => string,
  shownOnce?: (flash: Flash) => S,
) {
  abstract class TeamPageController {
    @Inject(show) protected readonly view!: TeamView<V>;
    @Inject(RpcClient) protected readonly rpc!: RpcClient;
    @Inject(DASHBOARD_CONFIG) protected readonly config!: DashboardConfig;

    @ShowPage()
    async list(
      @CurrentViewer() viewer: SignedInViewer,
      @FormQuery(NoticeQuery) query: NoticeQuery,
      @Req() req: Request,
      @Res({ passthrough: true }) res: Response,
    ) {
      const flash = shownOnce ? takeFlash(req, res, this.config) : null;
      const shown = flash && shownOnce ? shownOnce(flash) : undefined;
      return render(viewer, await this.view.execute(viewer.teamId), { notice: query.text }, shown);
    }

    /** The page again, saying why a change was refused. */
    protected async refused(viewer: SignedInViewer, error: string): Promise<string> {
      return render(viewer, await this.view.execute(viewer.teamId), { error });
    }

    /**
     * Runs a change posted from this page: done, the browser goes to `done` (with a notice code); refused, this page
     * again with `status` (422 by default) saying `<refusal>: <why>` (only why without `refusal`).
     */
    protected change(
      viewer: SignedInViewer,
      res: Response,
      { done, refusal, status }: { done: string; refusal?: string; status?: number },
      change: () => Promise<unknown>,
    ): Promise<void> {
      const refusedPage = (why: string) => this.refused(viewer, refusal ? `${refusal}: ${why}` : why);
      return changeThenRedirect(res, change, done, refusedPage, status);
    }

    /**
     * Runs a change posted from this page: done, its answer (`{ value }`); refused, this page again (422) saying
     * `<refusal>: <why>`, and null.
     */
    protected async refusing<T>(
      viewer: SignedInViewer,
      res: Response,
      refusal: string,
      change: () => Promise<T>,
    ): Promise<{ value: T } | null> {
      const result = await attempt(change);
      if (result.ok) return result;
      sendPage(res, 422, await this.refused(viewer, `${refusal}: ${result.error}`));
      return null;
    }
  }
  return TeamPageController;
}
