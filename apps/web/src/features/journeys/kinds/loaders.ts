import type { JourneyQuestion, QuestionKindName } from '@meridian/contracts';
import type { KindFieldModule } from './registry';

type Loaders = {
  [K in QuestionKindName]: () => Promise<{ default: KindFieldModule<Extract<JourneyQuestion, { kind: K }>> }>;
};

/**
 * Each kind's field is its own chunk, loaded with the step that asks it, never on the first screen.
 * Apart from the registry so that the content loader's preload can start a step's field beside the
 * step page's chunk (which holds the registry) rather than once that chunk has arrived.
 */
export const kindFieldLoaders: Loaders = {
  radios: () => import('./RadiosField'),
  date: () => import('./DateField'),
  text: () => import('./TextField'),
  'bank-account': () => import('./BankAccountField'),
  phone: () => import('./PhoneField'),
  money: () => import('./MoneyField'),
  number: () => import('./NumberField'),
  email: () => import('./EmailField'),
  'ni-number': () => import('./NiNumberField'),
  country: () => import('./CountryField'),
  select: () => import('./SelectField'),
  percentage: () => import('./PercentageField'),
  address: () => import('./AddressField'),
  person: () => import('./PersonField'),
  list: () => import('./ListField'),
  file: () => import('./FileField'),
  'email-code': () => import('./EmailCodeField'),
};
