export { Captcha } from './Captcha';
export { SendAnotherDocument } from './SendAnotherDocument';
export { SentReportAfterLapse, sentReports } from './SentReportAfterLapse';
export { ReportLeaveWarning } from './ReportLeaveWarning';
