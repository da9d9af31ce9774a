import { GetPurchaseMatchesUseCase } from './get-purchase-matches.use-case.js';
import { type ItemMatchRepository, type ItemMatchView } from './item-match.repository.js';
import { fake } from '@cps/testing/unit';

describe('GetPurchaseMatchesUseCase', () => {
  it("answers the team's match of each item, asking only for that team", async () => {
    const asked: Array<[string, string]> = [];
    const views: ItemMatchView[] = [
      { itemId: 'I-1', product: { product_id: 'prod_1', name: 'Water', brand: null, upc: '00012345678905' } },
      { itemId: 'I-2', product: null },
    ];
    const useCase = new GetPurchaseMatchesUseCase(
      fake<ItemMatchRepository>({
        listForPurchase: async (teamId: string, purchaseId: string) => {
          asked.push([teamId, purchaseId]);
          return teamId === 'team_1' ? views : [];
        },
      }),
    );
    expect(await useCase.execute('team_1', 'P-1')).toEqual({
      matches: [
        { item_id: 'I-1', product: { product_id: 'prod_1', name: 'Water', brand: null, upc: '00012345678905' } },
        { item_id: 'I-2', product: null },
      ],
    });
    expect(await useCase.execute('team_2', 'P-1')).toEqual({ matches: [] });
    expect(asked).toEqual([
      ['team_1', 'P-1'],
      ['team_2', 'P-1'],
    ]);
  });
});
