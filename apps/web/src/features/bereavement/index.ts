export { Captcha } from './Captcha';
