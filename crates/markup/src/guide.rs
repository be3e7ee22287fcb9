//! The guide's reading sections (what decides a GPU's speed and cost, the billing modes, how the
//! estimates are made) as markup, built at build time: the build ships one file per language beside
//! the app (`gpu-sizer-prerender`, `scripts/post-build.mjs`) and the guide page fetches the reader's
//! when it opens. The app's download then carries none of this text, which most visitors never
//! open; the page's own part of the guide is its accuracy table (`src/app/pages/guide.rs`).

use crate::html::Html;
use crate::i18n::{Lang, Text};

const fn tx(en: &'static str, zh: &'static str) -> Text {
    Text { en, zh }
}

/// A guide section: a heading and its paragraphs.
struct Section {
    heading: Text,
    paragraphs: &'static [Text],
}

const SECTIONS: &[Section] = &[
    Section {
        heading: tx("The three numbers that matter", "最重要的三个指标"),
        paragraphs: &[
            tx("Compute: the dense tensor throughput at the precision you train or serve in (bf16, fp8). It sets the pace of training and of reading a prompt. Sparse figures on data sheets are twice the dense ones and rarely reached.",
               "算力：你训练或推理所用精度（bf16、fp8）下的稠密张量算力。它决定训练和处理提示的速度。数据手册上的稀疏算力是稠密算力的两倍，实际很少达到。"),
            tx("Memory: capacity decides whether the job fits at all (weights, gradients, optimizer states, activations, KV cache); bandwidth sets the speed of generating tokens, because every step reads the weights and the cache.",
               "显存：容量决定作业能否装下（权重、梯度、优化器状态、激活、KV 缓存）；带宽决定生成词元的速度，因为每一步都要读取权重和缓存。"),
            tx("Interconnect: several GPUs exchange gradients or activations every step. NVLink/NVSwitch moves hundreds of GB/s per GPU, PCIe tens, an ordinary network a few. A fast GPU on a slow link waits.",
               "互联：多卡训练每一步都要交换梯度或激活。NVLink/NVSwitch 每卡数百 GB/s，PCIe 几十 GB/s，普通网络只有几 GB/s。慢链路上的快 GPU 只能等待。"),
        ],
    },
    Section {
        heading: tx("Billing modes", "计费方式"),
        paragraphs: &[
            tx("On-demand: pay per second, minute or hour of use, stop any time. Right for short or uncertain jobs.",
               "按量付费：按秒、分钟或小时计费，随时停止。适合短期或不确定的作业。"),
            tx("Spot / preemptible: 50–90 % cheaper, but the provider can take the instance back. GPU Sizer adds the expected restarts and checkpoints (Daly's optimum checkpoint interval) and flags deadlines at risk. A service on spot is priced with spare instances against reclaims, and one with a latency target stays off spot unless you allow it: each reclaim drops the answers in flight.",
               "竞价 / 抢占式：便宜 50–90%，但云厂商可能随时收回实例。GPU Sizer 会计入预期的重启和检查点开销（Daly 最优检查点间隔），并提示可能错过的截止时间。用竞价实例做推理服务时，按应对回收的备用实例计价；有延迟目标的服务默认不用竞价实例，除非你允许：每次回收都会中断正在生成的回答。"),
            tx("Monthly subscription and 1- or 3-year commitments: a lower hourly rate for a term you pay in full. They pay off above the break-even utilisation shown for each candidate.",
               "包月和 1 年或 3 年预留：单价更低，但需付清整个期限。只有利用率超过每个候选显示的盈亏平衡点才划算。"),
        ],
    },
    Section {
        heading: tx("Data across zones and clouds", "跨可用区、跨云传输"),
        paragraphs: &[
            tx("Data moved between availability zones of one region is billed by some clouds at both ends: AWS charges $0.01/GB leaving a zone and $0.01/GB entering the other (its EC2 pricing page, “Data Transfer within the same AWS Region”), so 1,000 GB a month cost $20. Google Cloud charges the sender only ($0.01 per GiB between zones; ingress is free); Azure, and Alibaba Cloud over its private network within a region, nothing between zones. Tencent Cloud has billed traffic between its international zones since October 2023 but publishes no rate that was found, so there, as at every provider that publishes no rate, the cost is shown as unknown, not as zero.",
               "同一地域内不同可用区之间的数据传输，有的云在收发两端都收费：AWS 对离开一个可用区的数据收 $0.01/GB，进入另一可用区再收 $0.01/GB（见其 EC2 定价页“同一 AWS 区域内的数据传输”），每月 1,000 GB 即 $20。Google Cloud 只向发送方收费（跨可用区 $0.01/GiB，入向免费）；Azure 跨可用区不收费，阿里云同地域内网传输也免费。腾讯云国际站自 2023 年 10 月起对跨可用区流量收费，但未找到其公布的单价；与其他未公布价格的云厂商一样，显示为价格未知，而不是按零计。"),
            tx("Data sent to another cloud or region leaves as internet egress, priced in the sender's tiers above the month's other egress; the receiving cloud takes it in free at every provider of the catalog that states an ingress price. A provider that publishes no egress price is charged the other providers' median, as its egress is. Enter the month's GB under “Data across zones” and “Data to another cloud”: each is its own line of the bill, and a pitfall says how much keeping the data in the GPUs' zone, in the same cloud, would save.",
               "发往其他云或其他地域的数据按出网流量计费，按发送方的阶梯价格、接在本月其他出网流量之后计算；目录中所有公布了入网价格的云厂商，接收数据都免费。未公布出网价格的云厂商按其他云厂商价格的中位数计，与出网流量相同。在“跨可用区流量”和“跨云 / 跨地域流量”中填写每月 GB 数：各占账单一行，并有提示说明把数据放在 GPU 所在的同一可用区、同一云内每月能省多少。"),
        ],
    },
    Section {
        heading: tx("Public bandwidth on Chinese clouds", "国内云的公网带宽"),
        paragraphs: &[
            tx("Alibaba Cloud and Tencent Cloud bill public traffic two ways: by the GB that leave (按流量, 0.80 元/GB in their worked examples) or by a fixed port paid by the month (按固定带宽), tiered: the first 5 Mbps are cheap (Alibaba 125 元 for 5 Mbps; Tencent 20 元 per Mbps up to 2 and 25 up to 5), each Mbps above costs 80 元 (Alibaba) or 90 元 (Tencent, 广州/上海/北京) a month. Data coming in is free, and so is private-network transfer within an Alibaba region. Tencent Cloud also sells a shared bandwidth package (共享带宽包, 108 元 per Mbps of the month's peak in every region but São Paulo): one bill for the peak of all the instances in it, so it pays only when their peaks fall at different times; the pitfall prices it beside the port.",
               "阿里云和腾讯云的公网出网有两种计费：按流量（按离开的 GB 计，两家示例价均为 0.80 元/GB），或按固定带宽按月付费，且分档：前 5 Mbps 便宜（阿里云 5 Mbps 共 125 元；腾讯云 2 Mbps 以内 20 元/Mbps，2–5 Mbps 25 元/Mbps），超出部分每 Mbps 每月 80 元（阿里云）或 90 元（腾讯云，广州/上海/北京）。入网免费，阿里云同地域内网传输也免费。腾讯云还有共享带宽包（除圣保罗外各地域每 Mbps 月峰值 108 元）：包内所有实例按合计峰值计费，只有各实例峰值错开时才划算；提示会把它与固定带宽并列计价。"),
            tx("One Mbps kept full for a month (730 h) carries 328.5 GB, worth 263 元 by traffic; so above 5 Mbps a port pays off once it is busy about a third of the time (80 ÷ 263 = 30 %, 90 ÷ 263 = 34 %). Enter the port under “Fixed bandwidth”: where the provider sells one its month replaces the egress line, and a pitfall prices the month's egress both ways. Without a port, heavy egress is shown the port that would carry it at a flat rate when that costs less. 100 Mbps at Alibaba is 7,725 元 a month; 2,000 GB by traffic is 1,600 元.",
               "1 Mbps 跑满一个月（730 小时）可传 328.5 GB，按流量计值 263 元；因此超过 5 Mbps 的部分，带宽利用率约超过三分之一时固定带宽更划算（80 ÷ 263 = 30%，90 ÷ 263 = 34%）。在“固定带宽”中填写带宽：云厂商出售固定带宽时，其月费代替出网流量费，并有提示按两种方式为本月出网计价。未填写时，若出网量大，提示会给出以平均速率承载它所需的带宽及其更低的价格。阿里云 100 Mbps 每月 7,725 元；2,000 GB 按流量为 1,600 元。"),
        ],
    },
    Section {
        heading: tx("A subscription stopped early", "包年包月提前退订"),
        paragraphs: &[
            tx("A monthly subscription (包年包月) cancelled before its term is refunded by the provider's own rule. Tencent Cloud's for cloud servers counts the whole months used at the monthly price and the rest of the last month at the on-demand rate, and gives back what was paid beyond that, never less than nothing; so a job on a Tencent monthly subscription is cancelled when it ends and its last month costs no more than its hours on demand (the cost shows the month paid and the refund). Alibaba Cloud refunds the month's remaining value: the days used, a part-day counted as a whole day, are charged at the month's price pro rata (its ECS billing FAQ: a 30-day instance bought for USD 30 and cancelled after 10 days refunds USD 20). Huawei Cloud charges the whole hours used at the month's price pro rata and keeps a handling fee of 10 % of a monthly order's payment. The one full refund within five days of a first purchase is left out. The catalog holds no rule for the other providers: there every month bought is counted in full.",
               "包年包月在到期前退订时，按云厂商自己的规则退款。腾讯云云服务器的规则是：已满整月按包月价格扣除，不满整月的部分按按量计费价格扣除，其余退还（不会低于零）；因此腾讯云包年包月上的作业在结束时退订，最后一个月的花费不超过按量计费的同样时长（费用中列出已付月费和退款）。阿里云退还该月的剩余价值：已用天数（不足一天按一天计）按包月价格折算扣除（其 ECS 计费常见问题的例子：30 天的实例 30 美元，使用 10 天后退订，退还 20 美元）。华为云按已用整小时折算扣除包月价格，并收取包月订单实付金额 10% 的退订手续费。首次购买五天内的一次全额退款不计入。目录中没有其他云厂商的规则：在那里已购的每个月都全额计算。"),
            tx("Enter under “Stop a subscription after” the months you expect to keep the instance: a pitfall then sets the pick's offer on a monthly subscription cancelled after those months against paying as you go for the same hours, with the money at stake. Without a refund rule, a month cut short pays off only once it is used as far as the monthly price is of a month on demand; with Tencent's rule the subscription never costs more than paying as you go, and with Alibaba's a month cut short costs only its days used at the month's price, which for the Alibaba Cloud offers in the catalog is 0.39 to 0.66 of those days on demand.",
               "在“包年包月提前退订”中填写预计保留实例的月数：提示会把所选报价按包年包月、在这些月后退订的费用，与同样时长按量付费的费用对比，并给出差额。没有退费规则时，未满的月份只有使用比例超过“包月价 ÷ 按量一个月的价格”才划算；按腾讯云的规则，包年包月不会比按量付费更贵；按阿里云的规则，未满的月份只按已用天数折算包月价，目录中阿里云的报价为同样天数按量价格的 0.39 至 0.66。"),
        ],
    },
    Section {
        heading: tx("A queue of jobs: start and stop, or keep up", "作业队列：按需启停还是整月常驻"),
        paragraphs: &[
            tx("When the same job runs many times a month (nightly fine-tunes, batch scoring), give the number of jobs a day or a month under Advanced, their hours on the chosen instance (empty: this scenario's job) and how they arrive. The pick and the candidate you open are then priced both ways: instances started for the work and stopped after it, each start billing its start-up, the work and the idle minutes before the scale-down, rounded to the provider's billing step; and one instance (or more) kept up all month, at the candidate's rate, with the share of its hours it would be busy.",
               "同一个作业每月要运行多次时（每晚微调、批量打分），在“高级”里填写每天或每月的作业数、每个作业在所选实例上的小时数（留空：按本场景的作业）以及到达方式。推荐实例和你展开的候选会按两种方式计价：按需启停——每次启动计入启动时间、作业本身和缩容前的空闲分钟，并按云厂商的计费粒度取整；整月常驻——一台（或多台）实例按候选的价格保留一整月，并给出它的利用率。"),
            tx("The model is plain: jobs spread through the day each start their own instance; jobs that arrive together run back to back after one start; time waiting in the queue is not modelled. The answer says which way costs less, by how much, and at how many jobs a day keeping the instance up starts to pay. Kept up but busy less than half the month, it is flagged as a pitfall with the money at stake; a common rule is to scale down once utilisation stays under 10 %.",
               "模型很简单：全天陆续到达的作业各自启动实例；一次性到达的作业启动一次后依次运行；不计排队等待时间。结果会说明哪种方式更省、省多少，以及每天多少个作业时常驻开始划算。常驻实例一个月里忙碌不到一半时间时，会作为陷阱提示并给出涉及的金额；常见做法是利用率持续低于 10% 时就缩容。"),
        ],
    },
    Section {
        heading: tx("MIG slices: a share of a GPU", "MIG 切片：GPU 的一部分"),
        paragraphs: &[
            tx("An A30, A100 or H100 can be cut into isolated MIG slices, each with its own memory, memory bandwidth and streaming multiprocessors (SMs). NVIDIA's MIG user guide lists the profiles: on an A100 40GB 1g.5gb (1/7 of the SMs, 1/8 of the memory), 2g.10gb, 3g.20gb and 4g.20gb; on an A100 80GB or H100 80GB 1g.10gb, 1g.20gb, 2g.20gb, 3g.40gb and 4g.40gb; on an A30 1g.6gb and 2g.12gb. Tick “Consider MIG slices” and a job that needs about 10 GB (a notebook, a small inference service) is also placed on slices: the slice's memory and bandwidth are its memory share of the GPU's, every peak its SM share, and the time detail shows the share and the profile table it comes from.",
               "A30、A100 和 H100 可以切分为相互隔离的 MIG 切片，每个切片有自己的显存、显存带宽和流式多处理器（SM）。NVIDIA MIG 用户指南列出了各型号的配置：A100 40GB 有 1g.5gb（1/7 的 SM，1/8 的显存）、2g.10gb、3g.20gb 和 4g.20gb；A100 80GB 和 H100 80GB 有 1g.10gb、1g.20gb、2g.20gb、3g.40gb 和 4g.40gb；A30 有 1g.6gb 和 2g.12gb。勾选“考虑 MIG 切片”后，约需 10 GB 的作业（笔记本开发、小型推理服务）也会放到切片上计算：切片的显存和带宽按其显存份额折算，各项峰值按其 SM 份额折算，时间明细会列出份额及其来源。"),
            tx("The clouds in the catalog rent whole GPUs and publish no price for a slice, so a slice is priced at the larger of its shares of SMs and memory of one GPU of its instance (a 1g.20gb holds 1/7 of the SMs but 1/4 of the memory: four fit on a GPU, so it costs a quarter), times the “MIG slice price factor”. Its default of 1 is an assumption: the rest of the GPU is used and paid for by other work (your team's other jobs, a shared cluster). If the rest would sit idle, raise it: 7 for a 1g slice is the whole GPU's price. A slice too small for the job is simply not offered, not listed among the exclusions.",
               "目录中的云厂商按整张 GPU 出租，不公布切片价格，因此切片按其所在实例中一张 GPU 的 SM 份额和显存份额中较大者计价（1g.20gb 占 1/7 的 SM、1/4 的显存：一张 GPU 只能放四个，所以按四分之一计），再乘以“MIG 切片价格系数”。系数默认为 1，这是一个假设：GPU 的其余部分被其他工作使用并付费（团队的其他作业、共享集群）。如果其余部分会闲置，请调高系数：1g 切片填 7 即整张 GPU 的价格。放不下作业的切片不会出现在结果中，也不会列入被排除的报价。"),
        ],
    },
    Section {
        heading: tx("How the estimates are made", "估算方法"),
        paragraphs: &[
            tx("Memory per GPU is the sum of named terms: weights at their format; for training the fp32 master copy, gradients and optimizer states, sharded by the ZeRO stage (Rajbhandari et al. 2020); activations after Korthikanti et al. (2022) with the real layer shapes and your recomputation; the KV cache with the right head counts for grouped-query, multi-query, latent (MLA) and sliding-window attention; and the CUDA context and framework overhead.",
               "每 GPU 显存是若干项之和：按格式计算的权重；训练时还有 fp32 主权重、梯度和优化器状态，按 ZeRO 阶段切分（Rajbhandari 等，2020）；按 Korthikanti 等（2022）并结合真实层结构与重计算方式估算的激活；按分组查询、多查询、潜在注意力（MLA）和滑动窗口注意力的正确头数计算的 KV 缓存；以及 CUDA 上下文和框架开销。"),
            tx("Training time is the work (6·N·D plus the attention term of PaLM's appendix B, more with full recomputation) divided by the GPUs' dense peak times an efficiency taken from published runs, plus the communication the interconnect cannot hide. Serving splits into prefill (compute-bound) and decode (bandwidth-bound: weights and cache read per step).",
               "训练时间等于计算量（6·N·D 加上 PaLM 附录 B 的注意力项，完全重计算时更多）除以 GPU 稠密峰值乘以来自公开测量的效率，再加上互联无法掩盖的通信时间。推理分为预填充（受算力限制）和解码（受带宽限制：每步读取权重和缓存）。"),
            tx("Every time is a range (low / expected / high) from the spread of measured efficiencies, and every cost adds the lines people forget: storage, snapshots, egress, idle hours and set-up time. Where a provider publishes no storage, snapshot or egress price, the median of the providers that do is assumed and said so. Open any candidate to see each term's formula and source.",
               "每个时间都是一个区间（低 / 预期 / 高），来自实测效率的分布；每个成本都计入常被忽略的项目：存储、快照、出网流量、空闲时间和环境准备时间。云厂商未公布存储、快照或出网流量价格时，按已公布价格的云厂商的中位数估算并注明。打开任意候选即可查看每一项的公式和来源。"),
            tx("Training data is read at the throughput of the storage each offer would use: the instance's local disk when the data fits there, else the provider's storage tier (its fastest with “fastest storage tier”); a slow tier caps GPU use. Hardware that cannot run a job is left out with the reason: no inference-only chip (AWS Inferentia) for training, rendering or a dev box, graphics APIs for rendering, CUDA for a dev box unless you accept other stacks. When nothing fits in memory, the answer lists what would: a smaller micro-batch, full recomputation, ZeRO-3 or QLoRA across more GPUs, a paged optimizer or a shorter sequence, each with its memory and cost.",
               "训练数据按各实例所用存储的吞吐读取：数据放得下时用实例本地盘，否则用云厂商的存储层（勾选“最快存储层”则用最快的）；慢的存储会限制 GPU 利用率。无法运行作业的硬件会被排除并说明原因：训练、渲染和开发机不用只能推理的芯片（AWS Inferentia），渲染需要图形 API，开发机默认只用 CUDA，除非你接受其他软件栈。显存放不下时，结果会列出可行的改法：更小的微批、完全重计算、在更多 GPU 上用 ZeRO-3 或 QLoRA、分页优化器或更短的序列，并给出各自的显存和成本。"),
        ],
    },
    Section {
        heading: tx("Vision, recommender and BERT serving", "视觉、推荐与 BERT 推理服务"),
        paragraphs: &[
            tx("A request is one forward pass: its FLOPs come from the model (ResNet-50 8.2 GFLOP at 224×224, a ViT or BERT from its layers and tokens) or the figure you type in. A batch takes the longer of a fixed floor (0.35 ms with TensorRT, about 13 ms for eager PyTorch, which launches every kernel from Python) and its FLOPs over the share of the tensor peak published runs reach: 0.37–0.56 of the INT8 peak for TensorRT in MLPerf Inference, 0.15–0.22 of the FP16 peak for eager PyTorch in NVIDIA's DeepLearningExamples.",
               "一个请求就是一次前向计算：计算量来自模型（ResNet-50 在 224×224 下为 8.2 GFLOP，ViT 或 BERT 按层数和词元数计算）或你填写的数值。一批的耗时取固定下限（TensorRT 为 0.35 毫秒，PyTorch 即时执行约 13 毫秒，因为每个内核都由 Python 启动）与“计算量 ÷ 公开测量达到的张量峰值比例”两者中的较大值：MLPerf Inference 中 TensorRT 达到 INT8 峰值的 0.37–0.56，NVIDIA DeepLearningExamples 中 PyTorch 即时执行达到 FP16 峰值的 0.15–0.22。"),
            tx("Under dynamic batching a request can arrive just after a batch starts, wait for it and run in the next, so the largest batch kept is the one whose time is half the latency bound. One GPU then serves that batch per batch time; the fleet follows the day's traffic like an LLM service, and the cost is given per million inferences.",
               "在动态合批下，请求可能刚好在一批开始后到达，需要等这一批结束再进入下一批，因此保留的最大批是耗时为延迟上限一半的那一批。每个 GPU 每个批处理时间服务这一批；实例数量像大模型服务一样随全天流量伸缩，成本按每百万次推理给出。"),
            tx("A recommender (the DLRM preset, NVIDIA's DeepLearningExamples model on Criteo 1TB) scores one user-item pair per inference: 26 embedding lookups and small MLPs, 4.9 MFLOP. Its memory is its embedding tables (15 GB in FP32 for this variant; MLPerf's DLRM-v2 is about 100 GB), and its batch floor is its own published small-batch latency (0.14 ms with CUDA graphs), not a deep CNN's. Its embedding reads, 13 KB per pair, take about a tenth of an A100's bandwidth at the published rate, so compute still sets the pace on one GPU. A T4 is far beyond the “over 1,000 QPS” often quoted for it: in MLPerf Inference v0.7, NVIDIA's eight T4s with TensorRT answered 250,062 recommender queries a second (each a user's batch of 100 to 700 pairs) within a 30 ms bound, about 31,000 a T4.",
               "推荐模型（DLRM 预设，即 NVIDIA DeepLearningExamples 在 Criteo 1TB 上的模型）每次推理为一个用户-物品对打分：26 次嵌入查表加几个小型 MLP，计算量 4.9 MFLOP。它的显存主要是嵌入表（这一版本 FP32 下 15 GB；MLPerf 的 DLRM-v2 约 100 GB），每批的时间下限采用它自己公开的小批量延迟（使用 CUDA Graphs 时 0.14 毫秒），而不是深层 CNN 的下限。按公开的速率，它每对 13 KB 的嵌入读取只占 A100 带宽的十分之一左右，所以单卡上仍由算力决定速度。T4 远不止常说的“每秒 1,000 次以上”：在 MLPerf Inference v0.7 中，NVIDIA 的 8 块 T4 用 TensorRT 在 30 毫秒的约束下每秒处理 250,062 个推荐查询（每个查询是一个用户的 100 至 700 个用户-物品对），约每块 T4 31,000 个。"),
        ],
    },
    Section {
        heading: tx("Scientific computing in FP64", "FP64 科学计算"),
        paragraphs: &[
            tx("Double precision is where GPUs differ most: A100 runs 9.7 TFLOP/s of vector FP64, H100 and H200 34, MI300X 81.7 (data sheets), while consumer and inference cards (RTX 4090, L4, L40S, A10) run FP64 at 1/64 of their FP32 rate and the T4 at 1/32 (CUDA C++ Programming Guide), under 1.5 TFLOP/s. A job given in FP64 operations takes them over the FP64 peak times the share your code sustains (0.5 assumed: set your own); a job measured in hours on one GPU is scaled by the ratio of FP64 peaks. Weak-FP64 cards are flagged in the ranking.",
               "双精度是各类 GPU 差距最大的地方：A100 的向量 FP64 为 9.7 TFLOP/s，H100 和 H200 为 34，MI300X 为 81.7（数据手册）；而消费级和推理卡（RTX 4090、L4、L40S、A10）的 FP64 只有 FP32 的 1/64，T4 为 1/32（CUDA C++ 编程指南），都不到 1.5 TFLOP/s。按 FP64 运算量给出的作业，时间等于运算量 ÷（FP64 峰值 × 你的代码能达到的比例，默认假设 0.5，请改成你自己的）；按某块 GPU 上实测时长给出的作业，按 FP64 峰值之比换算。FP64 较弱的卡会在排序中标出。"),
        ],
    },
];

/// The name the build lists the sections in `lang` under (`data` of the start settings), for
/// the prerender binary that writes them and the app that fetches them.
pub fn data_name(lang: Lang) -> String {
    format!("guide-{}", lang.key())
}

/// The sections in `lang`, as the guide page shows them before its accuracy table.
pub fn markup(lang: Lang) -> Html {
    let mut h = Html::new();
    for section in SECTIONS {
        h.raw("<section class=\"panel guide-section\"><h2>")
            .text(section.heading.get(lang))
            .raw("</h2>");
        for p in section.paragraphs {
            h.raw("<p>").text(p.get(lang)).raw("</p>");
        }
        h.raw("</section>");
    }
    h
}

/// Every string of the sections, for the translation test.
pub fn all_texts() -> Vec<Text> {
    SECTIONS
        .iter()
        .flat_map(|s| std::iter::once(s.heading).chain(s.paragraphs.iter().copied()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_section_reads_in_both_languages_and_its_text_is_escaped() {
        for text in all_texts() {
            assert!(
                !text.en.trim().is_empty() && !text.zh.trim().is_empty(),
                "{text:?}"
            );
        }
        for lang in Lang::ALL {
            let html = markup(lang).finish();
            assert_eq!(html.matches("<section ").count(), SECTIONS.len());
            let paragraphs: usize = SECTIONS.iter().map(|s| s.paragraphs.len()).sum();
            assert_eq!(html.matches("<p>").count(), paragraphs);
            assert!(html.contains(SECTIONS[0].heading.get(lang)));
        }
        // "A × B" and "≤" are text; a "<" in a paragraph would be escaped, never markup.
        let en = markup(Lang::En).finish();
        assert!(
            !en.contains("<br") && !en.contains("<a "),
            "only sections, headings and paragraphs"
        );
    }
}
