// The subset of document B's product rules a JSON Schema can state, for the benchmarks that
// compare preflight with ajv (bench/validate.mjs, bench/first-validation.mjs): required members,
// types, lengths, enums, the price and https patterns, inventory as an integer and brand/gtin/mpn
// as anyOf. (Not expressible: inventory >= 1 only when in stock, sale_price lower than price,
// GTIN check digits, date ranges, repeated ids, comma-separated image lists.)
export const PRICE = '^[0-9]+(\\.[0-9]+)? [A-Z]{3}$';
export const HTTPS = '^https://[^\\s/?#]+[^\\s]*$';
export const URL = '^https?://[^\\s/?#]+[^\\s]*$';
const str = { type: 'string' };
export const productSchema = {
  type: 'object',
  required: ['id', 'title', 'description', 'availability', 'condition', 'price', 'link', 'image_link'],
  properties: {
    id: { type: 'string', minLength: 1 }, product_key: str,
    title: { type: 'string', minLength: 1, maxLength: 150 },
    description: { type: 'string', minLength: 1, maxLength: 5000 },
    availability: { enum: ['in stock', 'available for order', 'preorder', 'out of stock', 'discontinued'] },
    condition: { enum: ['new', 'used', 'refurbished'] },
    price: { type: 'string', pattern: PRICE }, sale_price: { type: 'string', pattern: PRICE },
    link: { type: 'string', pattern: HTTPS }, mobile_link: { type: 'string', pattern: HTTPS },
    image_link: { type: 'string', pattern: URL }, additional_image_link: str,
    brand: str, gtin: { type: 'string', pattern: '^[0-9]{8}$|^[0-9]{12,13}$|^[0-9]{9}[0-9X]$' }, mpn: str,
    taxonomy_product_category: str, product_type: str, inventory: { type: 'integer' },
    sale_price_effective_date: str, item_group_id: str, item_group_key: str,
    gender: { enum: ['female', 'male', 'unisex'] }, color: str, size: str,
    age_group: { enum: ['adult', 'all ages', 'teen', 'kids', 'toddler', 'infant', 'newborn'] },
    custom_label_0: str, custom_label_1: str, custom_label_2: str, custom_label_3: str, custom_label_4: str,
  },
  anyOf: [{ required: ['brand'] }, { required: ['gtin'] }, { required: ['mpn'] }],
};
