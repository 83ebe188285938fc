import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SendAnswer } from './api';
import { replyText, resultName } from './replyText';

/** What became of the last command sent: queued, or the classified reply in the user's language. */
export function ResultView({ answer }: { answer: SendAnswer }) {
  const { t } = useTranslation();
  if (answer.queued)
    return (
      <Alert
        data-testid="command-result"
        data-result="queued"
        type="info"
        showIcon
        message={t('errors:commandQueued')}
      />
    );
  const name = resultName(answer.result) ?? 'timeout';
  const type = name === 'success' ? 'success' : name === 'timeout' ? 'warning' : 'error';
  const shown = replyText(answer.backContent, t);
  return (
    <Alert
      data-testid="command-result"
      data-result={name}
      type={type}
      showIcon
      message={t(`command:result.${name}`)}
      description={
        name === 'timeout' ? (
          t('command:result.timeoutHint')
        ) : (
          <>
            <div data-testid="command-reply">{shown}</div>
            {shown !== answer.backContent ? (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {answer.backContent}
              </Typography.Text>
            ) : null}
          </>
        )
      }
    />
  );
}
