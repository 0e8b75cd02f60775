// The ordered work queue every parallel tool uses: jobs are submitted in
// order, `threads` workers run them in any order, and their results are
// delivered one at a time in submission order. Submit() blocks while
// `window` jobs are submitted and not yet delivered, so that a slow job
// cannot make the ones after it pile up in memory. With max_weight, it
// also blocks while the jobs submitted and not yet delivered weigh that much
// or more (a job's weight is what the caller says it holds, e.g. bytes), so
// that memory stays bounded when jobs differ in size.
//
//   OrderedWorkQueue<Batch, Result> queue(
//       {.threads = jobs, .window = 4 * jobs},
//       [&](Batch& b) { return Work(b); },                // any worker thread
//       [&](Batch& b, Result& r) { Write(b, r); });       // in order, one at a time
//   while (...) queue.Submit(NextBatch());
//   queue.Finish();                                     // all delivered
#pragma once

#include <algorithm>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

namespace toolcommon {

struct WorkQueueOptions {
  int threads = 1;
  size_t window = 4;  // jobs submitted and not yet delivered, at most (>= 1)
  // Submit() waits while the undelivered jobs weigh max_weight or more
  // (0: no bound). One job heavier than that still goes, alone.
  size_t max_weight = 0;
};

template <typename Job, typename Result>
class OrderedWorkQueue {
 public:
  using Work = std::function<Result(Job& job)>;
  using Deliver = std::function<void(Job& job, Result& result)>;

  OrderedWorkQueue(WorkQueueOptions options, Work work, Deliver deliver)
      : window_(std::max<size_t>(1, options.window)),
        max_weight_(options.max_weight),
        work_(std::move(work)),
        deliver_(std::move(deliver)) {
    for (int t = 0; t < std::max(1, options.threads); ++t)
      threads_.emplace_back([this] { WorkerLoop(); });
  }
  ~OrderedWorkQueue() { Finish(); }
  OrderedWorkQueue(const OrderedWorkQueue&) = delete;
  OrderedWorkQueue& operator=(const OrderedWorkQueue&) = delete;

  // Queues a job; returns its index (0, 1, ...). Blocks while the window is
  // full, or while the undelivered jobs weigh max_weight or more.
  size_t Submit(Job job, size_t weight = 0) {
    std::unique_lock<std::mutex> lock(mutex_);
    changed_.wait(lock, [&] {
      return submitted_ - delivered_ < window_ && (max_weight_ == 0 || weight_ < max_weight_);
    });
    size_t index = submitted_++;
    weight_ += weight;
    pending_.emplace_back(index, Pending{std::move(job), weight});
    changed_.notify_all();
    return index;
  }

  // Waits until every submitted job is delivered, then stops the workers.
  // Submit() must not be called after it.
  void Finish() {
    {
      std::unique_lock<std::mutex> lock(mutex_);
      closing_ = true;
      changed_.notify_all();
    }
    for (auto& t : threads_)
      if (t.joinable()) t.join();
    threads_.clear();
  }

  // The number of workers.
  size_t threads() const { return threads_.size(); }

 private:
  struct Pending {
    Job job;
    size_t weight;
  };
  struct Done {
    Job job;
    Result result;
    size_t weight;
  };

  void WorkerLoop() {
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
      changed_.wait(lock, [&] { return !pending_.empty() || closing_; });
      if (pending_.empty()) return;
      auto [index, pending] = std::move(pending_.front());
      pending_.pop_front();
      lock.unlock();
      Result result = work_(pending.job);
      lock.lock();
      done_.emplace(index, Done{std::move(pending.job), std::move(result), pending.weight});
      // One thread delivers at a time, in order; the others go back to work.
      if (delivering_) continue;
      delivering_ = true;
      for (auto it = done_.find(delivered_); it != done_.end(); it = done_.find(delivered_)) {
        Done d = std::move(it->second);
        done_.erase(it);
        lock.unlock();
        deliver_(d.job, d.result);
        lock.lock();
        ++delivered_;
        weight_ -= d.weight;
        changed_.notify_all();
      }
      delivering_ = false;
    }
  }

  const size_t window_;
  const size_t max_weight_;
  Work work_;
  Deliver deliver_;
  std::vector<std::thread> threads_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<std::pair<size_t, Pending>> pending_;
  std::map<size_t, Done> done_;
  size_t submitted_ = 0, delivered_ = 0;
  size_t weight_ = 0;  // of the jobs submitted and not yet delivered
  bool delivering_ = false;
  bool closing_ = false;
};

}  // namespace toolcommon
