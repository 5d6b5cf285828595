import type { JsonObject, PageFacts } from '../../scrape/extract/index.js';
import { defined, type VerticalRecord } from './record.js';
import type { PageSummary } from './page-summary.js';
import { entitiesOfType, link, names, number, object, ratingOutOfFive, text } from './structured.js';

/** "$9.99", "€12.50", "£1,200.00", "¥1,200": the price as shoppers read it (English notation). */
export function displayPrice(amount: number, currency: string | undefined): string {
  const code = currency?.trim().toUpperCase();
  if (code !== undefined && /^[A-Z]{3}$/.test(code)) {
    try {
      return new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).format(amount);
    } catch {
      // An unknown currency code falls through to the plain form.
    }
    return `${amount.toFixed(2)} ${code}`;
  }
  return amount.toFixed(2);
}

function offerOf(product: JsonObject): JsonObject | undefined {
  return object(product['offers']);
}

function priceOf(offer: JsonObject | undefined): string | undefined {
  if (offer === undefined) return undefined;
  const spec = object(offer['priceSpecification']);
  const amount = number(offer['price']) ?? number(offer['lowPrice']) ?? number(spec?.['price']);
  if (amount === undefined || amount < 0) return undefined;
  return displayPrice(amount, text(offer['priceCurrency']) ?? text(spec?.['priceCurrency']));
}

/** Products from Product entities: display price, merchant, rating, reviews, image. */
export function shoppingRecords(facts: PageFacts, page: PageSummary): VerticalRecord<'shopping'>[] {
  const products = entitiesOfType(facts, (type) => type === 'Product' || type === 'ProductGroup').filter((p) => text(p['name']) !== undefined);
  return products.slice(0, 20).map((product) => {
    const offer = offerOf(product);
    const title = text(product['name']) ?? page.title;
    const merchant = names(offer?.['seller'])[0] ?? page.siteName ?? page.host;
    const snippet = text(product['description']);
    const brand = names(product['brand'])[0];
    return {
      vertical: 'shopping',
      item: {
        title,
        link: page.url,
        ...defined({
          price: priceOf(offer),
          source: merchant,
          ...ratingOutOfFive(object(product['aggregateRating'])),
          imageUrl: link(product['image'], page.url),
        }),
      },
      text: `${snippet ?? ''}\n${brand ?? ''}\n${merchant}`,
    };
  });
}
