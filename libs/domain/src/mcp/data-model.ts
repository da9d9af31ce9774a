/**
 * What the data-query server's `ask` can answer about (the `get_data_model` tool): the relations of the `mcp`
 * read model, their columns and how they join. Every row of connections, purchases and items belongs to the
 * team of the connector; `retailers` is the platform's catalog.
 */
export interface DataModelColumn {
  name: string;
  type: string;
  description: string;
}

export interface DataModelTable {
  name: string;
  description: string;
  columns: DataModelColumn[];
}

export interface DataModelRelation {
  from: string;
  to: string;
}

export interface DataModel {
  tables: DataModelTable[];
  relations: DataModelRelation[];
  example_questions: string[];
}

const col = (name: string, type: string, description: string): DataModelColumn => ({ name, type, description });

const SIMULATED = col('is_simulated', 'boolean', 'Created by the simulator');

/** Who bought, where, when and how: on every purchase, and copied onto each of its items (no join needed). */
const PURCHASE_CONTEXT = [
  col('customer_id', 'text', "The shopper: the connection's customer id"),
  col('retailer_id', 'text', 'Where it was bought'),
  col('purchased_at', 'timestamptz', 'Purchase date'),
  col('purchase_type', 'text', 'online or in_store'),
];

export const DATA_MODEL: DataModel = {
  tables: [
    {
      name: 'retailers',
      description: 'The platform retailer catalog.',
      columns: [col('retailer_id', 'text', 'Lowercase slug'), col('name', 'text', 'Display name')],
    },
    {
      name: 'connections',
      description: "A shopper's linked retailer account.",
      columns: [
        col('connection_id', 'text', 'Identifier of the connection'),
        col('customer_id', 'text', 'The customer in your own system'),
        col('retailer_id', 'text', 'Retailer of the account'),
        col('status', 'text', 'active, initialized, unauthenticated or disconnected'),
        SIMULATED,
        col('created_at', 'timestamptz', 'When the connection was first seen'),
        col('updated_at', 'timestamptz', 'When its status last changed'),
      ],
    },
    {
      name: 'purchases',
      description: 'One purchase collected from a connection.',
      columns: [
        col('purchase_id', 'text', 'Identifier of the purchase'),
        col('connection_id', 'text', 'The connection it came from'),
        ...PURCHASE_CONTEXT,
        col('currency', 'text', 'ISO 4217 code'),
        col('items_subtotal', 'numeric', 'Sum of price times quantity of the items'),
        col('discounts', 'numeric', 'Discounts'),
        col('shipping', 'numeric', 'Shipping'),
        col('fees', 'numeric', 'Fees'),
        col('tax', 'numeric', 'Tax'),
        col('total', 'numeric', 'Amount paid'),
        col('item_count', 'integer', 'Number of items'),
        SIMULATED,
      ],
    },
    {
      name: 'items',
      description: 'One line of a purchase, with the product of yours it matched (if any).',
      columns: [
        col('purchase_id', 'text', 'The purchase'),
        col('item_id', 'text', 'Identifier of the line'),
        ...PURCHASE_CONTEXT,
        col('name', 'text', 'Item name as the retailer shows it'),
        col('brand', 'text', 'Brand as the retailer shows it'),
        col('upc', 'text', 'UPC or EAN'),
        col('sku', 'text', 'Retailer SKU'),
        col('price', 'numeric', 'Unit price'),
        col('quantity', 'integer', 'Units'),
        col('amount', 'numeric', 'price times quantity'),
        col('product_id', 'text', 'Your matched product, or null'),
        col('product_name', 'text', 'Name of your matched product'),
        col('product_brand', 'text', 'Brand of your matched product'),
        SIMULATED,
      ],
    },
  ],
  relations: [
    { from: 'purchases.connection_id', to: 'connections.connection_id' },
    { from: 'items.purchase_id', to: 'purchases.purchase_id' },
    { from: 'purchases.retailer_id', to: 'retailers.retailer_id' },
    { from: 'items.retailer_id', to: 'retailers.retailer_id' },
    { from: 'connections.retailer_id', to: 'retailers.retailer_id' },
  ],
  example_questions: [
    'How many purchases in the last 30 days?',
    'Total spend by retailer in March 2026',
    'Average purchase total by month since January',
    'Top 5 products by units sold this year',
    'Which shopper spent the most last month?',
    'How much shipping did shoppers pay in 2025?',
    'Average units per purchase at Walmart',
    'Revenue by brand last month',
    'How many active connections by retailer?',
    'Number of distinct customers',
    'Online vs in store purchases yesterday',
    'Largest purchase at Target',
    'Compare total spend in March 2026 and February 2026',
    'Show the 10 most recent purchases over $50',
  ],
};

/**
 * The relations `ask` statements may read, schema-qualified: the data model's, and the summaries the translator
 * answers additive questions from on large teams (`mcp.purchase_days`, `mcp.item_months`; ADR 0016).
 */
export const ALLOWED_RELATIONS = [
  ...DATA_MODEL.tables.map((table) => `mcp.${table.name}`),
  'mcp.purchase_days',
  'mcp.item_months',
];
