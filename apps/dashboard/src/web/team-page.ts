import { Inject, type Type } from '@nestjs/common';
import { RpcClient } from '@cps/messaging';
import { CurrentViewer, type SignedInViewer } from '../session/viewer.js';
import { FormQuery, NoticeQuery, ShowPage } from './form-input.js';
import { type PageMessages, type Viewer } from './layout.js';

/** A use case that reads what one page shows of a team. */
export interface TeamView<V> {
  execute(teamId: string): Promise<V>;
}

/**
 * The base of a controller whose page shows one view of the team (`show`, drawn by `render`) and whose forms change
 * it through the services (`rpc`): its GET answers the page with the notice of a change (`?notice=`), and `refused`
 * draws it again with a change's refusal.
 */
export function TeamPage<V>(
  show: Type<TeamView<V>>,
  render: (viewer: Viewer, view: V, messages: PageMessages) => string,
) {
  abstract class TeamPageController {
    @Inject(show) protected readonly view!: TeamView<V>;
    @Inject(RpcClient) protected readonly rpc!: RpcClient;

    @ShowPage()
    async list(@CurrentViewer() viewer: SignedInViewer, @FormQuery(NoticeQuery) query: NoticeQuery) {
      return render(viewer, await this.view.execute(viewer.teamId), { notice: query.text });
    }

    /** The page again, saying why a change was refused. */
    protected async refused(viewer: SignedInViewer, error: string): Promise<string> {
      return render(viewer, await this.view.execute(viewer.teamId), { error });
    }
  }
  return TeamPageController;
}
