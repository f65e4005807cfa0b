import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

/** dayjs in Chinese; pages that show dates import it from here, so the login page does not load it. */
dayjs.locale('zh-cn');

export default dayjs;
