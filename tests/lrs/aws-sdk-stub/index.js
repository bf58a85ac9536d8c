// xapi-statements only touches AWS when its storage is S3 or its logs go to CloudWatch.
function unused() {
  throw new Error('lessonsim test LRS: AWS is not available here');
}
module.exports = { S3: unused, CloudWatchLogs: unused, config: { update() {} } };
