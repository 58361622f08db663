import { passwordScorerOptions, type PasswordScorer } from '@meridian/contracts';

let loading: Promise<PasswordScorer> | undefined;

/**
 * The password scorer with its dictionaries (about a megabyte), fetched the first time a member types a
 * new password, never with the first screen; the same options as the server's (contracts account.ts).
 */
export function loadPasswordScorer(): Promise<PasswordScorer> {
  loading ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]).then(([core, common, english]) => new core.ZxcvbnFactory(passwordScorerOptions(common, english)));
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}
