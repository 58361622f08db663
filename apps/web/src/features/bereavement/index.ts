export { Captcha } from './Captcha';
export { SendAnotherDocument } from './SendAnotherDocument';
