// Words for people where the description has names for programs: the labels of enum values (the
// option or button shows the label; the value submitted stays the described value) and hints that
// replace a description written for developers ("array, order is render order", "https").
//
// Every key here is a value or a description that describe(kind) gives for the product form or
// the card builder: tests/browser/app-forms.mjs fails on a key describe no longer gives, and on an
// enum value shown without words.

/** Labels of enum values, by value. A value not listed is written in words by `valueLabel`. */
export const VALUE_LABELS = {
  // Card components (C §2): the type of a component, of its destination, of a button's label.
  MEDIA: 'Image or video',
  SWIPEABLE_MEDIA: 'Swipeable images or videos',
  DETAILS: 'Title and website link',
  BUTTON: 'Button to an app',
  WEBSITE: 'Website',
  APP: 'App in an app store',
  ENUM: 'One of the preset texts',
};

/**
 * Hints, by described path (first) or by the description they replace. A hint of `null` shows
 * nothing (the label and the group already say it).
 */
export const HINTS = {
  '/mobile_link': 'The product page for phones, if it is not the link above; an address starting with https://',
  '/gtin': 'The barcode number: UPC, EAN, JAN or ISBN',
  '/additional_image_link': 'Up to 10 more image addresses, separated by commas; each as the image link above',
  '/components': 'Shown top to bottom in this order: one image, video or set of swipeable media, and one title with a link or one button',
  '/components/*/destination/url': 'A web address starting with https:// or http://',
  '/components/*/destination/country_code': 'The two-letter country code of the app store, such as US or GB',
  '/components/*/destination/androidstore_app_id': 'Google Play package name, such as com.example.shop',
  '/components/*/destination/ios_app_store_identifier': 'App Store id, the digits after "id" in the app\'s link',
  '/components/*/destination/androidstore_deep_link': 'A link that opens the Android app; only with a Google Play package name',
  '/components/*/destination/ios_deep_link': 'A link that opens the iOS app; only with an App Store id',
  '/components/*/label/value': null,
  'the type of this object; the members below depend on it': 'Choose it first: the fields below depend on it',
  'destination (object): WEBSITE, allowed only in DETAILS': 'Where the title links to: a website',
  'destination (object): APP, allowed only in BUTTON': 'Where the button leads: an app in an app store',
  'label (object), BUTTON only': 'The text on the button',
  'must be `ENUM`': null,
};

/** Own words for a hint of described field `f`: a string, null (no hint), or undefined (none of its own). */
export function hintOf(f) {
  if (Object.hasOwn(HINTS, f.path)) return HINTS[f.path];
  if (f.description && Object.hasOwn(HINTS, f.description)) return HINTS[f.description];
  return undefined;
}

/** The words shown for enum value `v`: its label, else the value in words ("in stock" -> "In stock"). */
export function valueLabel(v) {
  const s = String(v);
  if (Object.hasOwn(VALUE_LABELS, s)) return VALUE_LABELS[s];
  const words = /^[A-Z0-9_]+$/.test(s) ? s.toLowerCase().replaceAll('_', ' ') : s;
  return words.charAt(0).toUpperCase() + words.slice(1);
}
